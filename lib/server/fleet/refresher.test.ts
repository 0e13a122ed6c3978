import { afterEach, describe, expect, it } from "vitest";
import { DimoError } from "@/lib/dimo/errors";
import type { LastPosition } from "@/lib/dimo/telemetry/position";
import { VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { createMemoryStores } from "@/lib/store/memory";
import { rosterVehicle } from "@/test-support/fake-identity";
import { eventually } from "@/test-support/fleet";
import { type PositionRecord, PositionStore } from "./position-store";
import { hintedVehicle } from "./hints";
import { PositionRefresher } from "./refresher";
import { dueVehicles, shownPosition } from "./schedule";

/** The refresher's rules on an in-memory store and a fake Telemetry API: order, failures, backoff, hints. */

const MINUTE = 60_000;
const record = (change: Partial<PositionRecord>): PositionRecord => ({
  exact: null,
  approximate: null,
  seenMs: null,
  readAt: null,
  ...change,
});
const answer = (tokenId: number): LastPosition => ({
  lastSeen: "2026-01-01T00:00:00Z",
  location: { latitude: tokenId / 1000, longitude: 1, timestamp: "2026-01-01T00:00:00Z", approximate: false },
});

const running: PositionRefresher[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((refresher) => refresher.stop()));
});

function setUp(read: (tokenId: number) => Promise<LastPosition>, vehicles = [1, 2, 3].map((id) => rosterVehicle(id))) {
  const stores = createMemoryStores();
  const store = new PositionStore(stores.keyValue, stores.logs, "0xclient");
  const asked: number[] = [];
  const refresher = new PositionRefresher({
    store,
    roster: async () => vehicles,
    readPosition: (tokenId) => {
      asked.push(tokenId);
      return read(tokenId);
    },
    isVehicleFailure: (error) => error instanceof DimoError && !error.retryable,
    describe: (error) => ({ code: "UPSTREAM_ERROR", message: String(error), retryable: true }),
    now: Date.now,
    timings: { backoffMs: 20, maxBackoffMs: 40, leaseMs: 1_000, concurrency: 1 },
  });
  running.push(refresher);
  return { store, refresher, asked };
}

describe("which vehicles are read", () => {
  it("reads those never read first, then the stalest, and leaves the fresh alone", () => {
    const now = 100 * MINUTE;
    const vehicles = [1, 2, 3, 4, 5].map((id) => rosterVehicle(id));
    vehicles.push(rosterVehicle(6, { privileges: [5], expiresAt: null }));
    const records = new Map([
      [1, record({ readAt: now - 20 * MINUTE })],
      [2, record({ readAt: now - 60 * MINUTE })],
      [3, record({ readAt: now - MINUTE })],
      [5, record({ readAt: now - 90 * MINUTE })],
    ]);
    expect(dueVehicles(vehicles, records, now, 15 * MINUTE)).toEqual([4, 5, 2, 1]);
    // Nobody watching: the first fill goes on, the re-reads wait.
    expect(dueVehicles(vehicles, records, now, 15 * MINUTE, false)).toEqual([4]);
  });

  it("reads a vehicle hinted since its last read first, and one hinted before it as usual", () => {
    const now = 100 * MINUTE;
    const vehicles = [1, 2, 3, 4].map((id) => rosterVehicle(id));
    const records = new Map([
      [1, record({ readAt: now - 20 * MINUTE })],
      [2, record({ readAt: now - MINUTE })],
      [3, record({ readAt: now - 2 * MINUTE })],
      [4, record({ readAt: now - MINUTE })],
    ]);
    const hints = new Map([
      [2, now - 30_000],
      [3, now - 3 * MINUTE],
    ]);
    expect(dueVehicles(vehicles, records, now, 15 * MINUTE, true, hints)).toEqual([2, 1]);
    // Nobody watching: a hint costs nothing.
    expect(dueVehicles(vehicles, records, now, 15 * MINUTE, false, hints)).toEqual([]);
  });

  it("shows an exact fix only to a grant with the location privilege", () => {
    const fix = { lat: 1, lon: 2, atMs: 10 };
    const both = record({ exact: fix, approximate: { lat: 1.1, lon: 2.1, atMs: 5 } });
    expect(shownPosition(rosterVehicle(1, { privileges: [4], expiresAt: null }), both)).toEqual({
      position: fix,
      approximate: false,
    });
    expect(shownPosition(rosterVehicle(1, { privileges: [8], expiresAt: null }), both)?.approximate).toBe(true);
    expect(shownPosition(rosterVehicle(1, { privileges: [8], expiresAt: null }), record({ exact: fix }))).toBeNull();
    expect(shownPosition(rosterVehicle(1, { privileges: [1], expiresAt: null }), both)).toBeNull();
  });
});

describe("hints", () => {
  const did = vehicleDid(7, VEHICLE_NFT_CONTRACT);
  const event = (subject: string, assetDID?: string) => ({
    type: "dimo.trigger",
    subject,
    data: { ...(assetDID ? { assetDID } : {}), signal: { name: "speed", timestamp: "2026-01-01T00:00:00Z", value: 1 } },
  });

  it("names the vehicle of a delivery about the configured contract's vehicle, by its asset or its subject", () => {
    expect(hintedVehicle(event(did), VEHICLE_NFT_CONTRACT)).toBe(7);
    expect(hintedVehicle(event("anything", did), VEHICLE_NFT_CONTRACT)).toBe(7);
  });

  it("names none for another contract's vehicle or anything that is not a delivery", () => {
    const other = vehicleDid(7, "0x45fbCD3ef7361d156e8b16F5538AE36DEdf61Da8");
    expect(hintedVehicle(event(other), VEHICLE_NFT_CONTRACT)).toBeNull();
    expect(hintedVehicle({ verification: "test" }, VEHICLE_NFT_CONTRACT)).toBeNull();
    expect(hintedVehicle("text", VEHICLE_NFT_CONTRACT)).toBeNull();
  });
});

describe("the refresher", () => {
  it("goes on past a vehicle the service will not answer for, and keeps the others' positions", async () => {
    const refused = new DimoError({
      service: "telemetry",
      status: 403,
      code: "PRIVILEGE_MISSING",
      message: "no",
      retryable: false,
    });
    const { store, refresher } = setUp(async (tokenId) => (tokenId === 2 ? Promise.reject(refused) : answer(tokenId)));
    refresher.start();
    const records = await eventually(
      () => store.readAll(),
      (all) => all.size === 3,
      30_000,
    );
    expect(records.get(1)?.exact?.lat).toBe(0.001);
    expect(records.get(2)).toMatchObject({ exact: null, readAt: expect.any(Number) });
    expect((await store.readState()).failure).toBeNull();
  });

  it("stops on a failure of the service, says so in the store, and tries again after a pause until it works", async () => {
    let down = true;
    const outage = new DimoError({
      service: "telemetry",
      status: 503,
      code: "UPSTREAM_ERROR",
      message: "down",
      retryable: true,
    });
    const { store, refresher, asked } = setUp(async (tokenId) => (down ? Promise.reject(outage) : answer(tokenId)));
    refresher.start();
    const failed = await eventually(
      () => store.readState(),
      (state) => state.failure !== null,
      30_000,
    );
    expect(failed.failure?.message).toContain("down");
    await eventually(
      () => asked.length,
      (n) => n >= 2,
      30_000,
    );
    // Each go stopped at its first failure, rather than trying every vehicle in turn.
    expect(new Set(asked)).toEqual(new Set([1]));
    down = false;
    await eventually(
      async () => (await store.readAll()).size,
      (size) => size === 3,
      30_000,
    );
    expect((await store.readState()).failure).toBeNull();
  });
});
