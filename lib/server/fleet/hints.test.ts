import { describe, expect, it } from "vitest";
import { type DimoClient } from "@/lib/dimo";
import { VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { createMemoryStores } from "@/lib/store/memory";
import { rosterVehicle } from "@/test-support/fake-identity";
import { FleetPositions } from ".";
import { HINTS_PER_MINUTE, HINT_EVERY_MS } from "./hints";

/** The bounds on hints, on an in-memory store with a clock of the test's own: per vehicle, and per minute. */

const MINUTE = 60_000;
const FLEET = HINTS_PER_MINUTE + 10;

function setUp() {
  let nowMs = 1_000_000;
  const stores = createMemoryStores(() => nowMs);
  const reads: number[] = [];
  const client = {
    getLastPosition: async (tokenId: number) => {
      reads.push(tokenId);
      return { lastSeen: null, location: null };
    },
  } as unknown as DimoClient;
  const positions = new FleetPositions({
    client,
    keyValue: stores.keyValue,
    logs: stores.logs,
    counters: stores.counters,
    clientId: "0xclient",
    vehicleContract: VEHICLE_NFT_CONTRACT,
    roster: async () => Array.from({ length: FLEET }, (_, index) => rosterVehicle(index + 1)),
  });
  const hint = (tokenId: number) =>
    positions.noteHint({ type: "dimo.trigger", subject: vehicleDid(tokenId, VEHICLE_NFT_CONTRACT), data: {} }, nowMs);
  return { positions, hint, reads, advance: (ms: number) => (nowMs += ms) };
}

async function readEveryVehicle(positions: FleetPositions): Promise<void> {
  const record = { exact: null, approximate: null, seenMs: null, readAt: 1 };
  await positions.store.write(new Map(Array.from({ length: FLEET }, (_, index) => [index + 1, record])));
}

describe("a delivery as a hint", () => {
  it("is taken only for a vehicle the refresher reads", async () => {
    const { positions, hint } = setUp();
    expect(await hint(1)).toBe(false);
    await readEveryVehicle(positions);
    expect(await hint(1)).toBe(true);
    expect(await hint(FLEET + 1)).toBe(false);
    expect(await positions.noteHint({ verification: "x" }, 0)).toBe(false);
  });

  it("is taken once per vehicle in its period, and again after it", async () => {
    const { positions, hint, advance } = setUp();
    await readEveryVehicle(positions);
    expect(await hint(7)).toBe(true);
    for (let n = 0; n < 50; n += 1) expect(await hint(7)).toBe(false);
    advance(HINT_EVERY_MS - 1);
    expect(await hint(7)).toBe(false);
    advance(1);
    expect(await hint(7)).toBe(true);
    expect([...(await positions.store.readHints()).keys()]).toEqual([7]);
  });

  it("is taken at most HINTS_PER_MINUTE times a minute for the license, whatever the vehicles", async () => {
    const { positions, hint, advance } = setUp();
    await readEveryVehicle(positions);
    const taken = async (ids: number[]) => (await Promise.all(ids.map(hint))).filter(Boolean).length;
    const all = Array.from({ length: FLEET }, (_, index) => index + 1);
    expect(await taken(all)).toBe(HINTS_PER_MINUTE);
    expect((await positions.store.readHints()).size).toBe(HINTS_PER_MINUTE);
    // The next minute, the vehicles refused before are taken; those hinted within their period still are not.
    advance(MINUTE);
    expect(await taken(all)).toBe(FLEET - HINTS_PER_MINUTE);
    expect((await positions.store.readHints()).size).toBe(FLEET);
  });
});
