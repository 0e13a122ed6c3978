import { afterEach, describe, expect, it } from "vitest";
import { DimoError } from "@/lib/dimo/errors";
import type { LastPosition } from "@/lib/dimo/telemetry/position";
import { VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { createMemoryStores } from "@/lib/store/memory";
import { rosterVehicle } from "@/test-support/fake-identity";
import { eventually } from "@/test-support/fleet";
import { type PositionRecord, PositionStore } from "./position-store";
import { pushedRecord } from "./pushed";
import { PositionRefresher } from "./refresher";
import { dueVehicles, shownPosition } from "./schedule";

/** The refresher's rules on an in-memory store and a fake Telemetry API: order, failures, backoff, deliveries. */

const MINUTE = 60_000;
const record = (change: Partial<PositionRecord>): PositionRecord => ({
  exact: null,
  approximate: null,
  seenMs: null,
  readAt: null,
  pushedAt: null,
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
      [5, record({ readAt: now - 90 * MINUTE, pushedAt: now - MINUTE })],
    ]);
    expect(dueVehicles(vehicles, records, now, 15 * MINUTE)).toEqual([4, 2, 1]);
    // Nobody watching: the first fill goes on, the re-reads wait.
    expect(dueVehicles(vehicles, records, now, 15 * MINUTE, false)).toEqual([4]);
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

describe("deliveries", () => {
  const did = vehicleDid(7, VEHICLE_NFT_CONTRACT);
  const event = (signal: unknown, subject = did) => ({
    type: "dimo.trigger",
    subject,
    data: { assetDID: subject, signal },
  });
  const at = "2026-01-01T00:00:00.123456Z";

  it("reads a location signal as the vehicle's position, and any other as its time seen", () => {
    const location = { name: "currentLocationCoordinates", timestamp: at, value: { latitude: 1, longitude: 2 } };
    const pushed = pushedRecord(event(location), VEHICLE_NFT_CONTRACT, Date.parse(at) + 1_000);
    expect(pushed).toMatchObject({ tokenId: 7, record: { exact: { lat: 1, lon: 2 }, seenMs: Date.parse(at) } });
    const speed = pushedRecord(event({ name: "speed", timestamp: at, value: 50 }), VEHICLE_NFT_CONTRACT, Date.now());
    expect(speed?.record).toMatchObject({ exact: null, approximate: null, pushedAt: null, seenMs: Date.parse(at) });
  });

  it("takes a fix on the poles and the antimeridian, and drops one past them, keeping the time seen", () => {
    const fix = (latitude: number, longitude: number) =>
      pushedRecord(
        event({ name: "currentLocationCoordinates", timestamp: at, value: { latitude, longitude } }),
        VEHICLE_NFT_CONTRACT,
        Date.parse(at),
      )?.record;
    expect(fix(90, 180)?.exact).toMatchObject({ lat: 90, lon: 180 });
    expect(fix(-90, -180)?.exact).toMatchObject({ lat: -90, lon: -180 });
    for (const [latitude, longitude] of [
      [90.000001, 0],
      [-90.000001, 0],
      [0, 180.000001],
      [0, -180.000001],
    ] as const) {
      expect(fix(latitude, longitude), `${latitude}, ${longitude}`).toMatchObject({
        exact: null,
        seenMs: Date.parse(at),
      });
    }
  });

  it("ignores another contract's vehicle and anything that is not a delivery, and bounds a time from the future", () => {
    const other = vehicleDid(7, "0x45fbCD3ef7361d156e8b16F5538AE36DEdf61Da8");
    expect(pushedRecord(event({ name: "speed", timestamp: at, value: 1 }, other), VEHICLE_NFT_CONTRACT, 0)).toBeNull();
    expect(pushedRecord({ verification: "test" }, VEHICLE_NFT_CONTRACT, 0)).toBeNull();
    const future = pushedRecord(
      event({ name: "speed", timestamp: "2100-01-01T00:00:00Z", value: 1 }),
      VEHICLE_NFT_CONTRACT,
      5,
    );
    expect(future?.record.seenMs).toBe(5);
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
