import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { SlotPacer } from "@/lib/dimo/pacer";
import { StoreTokenCache } from "@/lib/dimo/token-cache";
import { DIMO_RATE_LIMITS, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { sandboxControl } from "@/sandbox/control-client";
import { ROUTES, count, testClient } from "@/test-support/dimo-client";
import { type FleetInstance, eventually, startFleet, stopFleet } from "@/test-support/fleet";
import { type RedisServer, startRedisServer } from "@/test-support/redis";
import { type SandboxServer, startSandboxServer } from "@/test-support/servers";
import { rosterServiceFor } from "../roster";
import { FleetPositions } from ".";
import { type RefresherTimings } from "./refresher";
import { isReadable } from "./schedule";

/**
 * Two dashboard instances on one redis-server, against a sandbox in its own process with a fleet and the realistic
 * profile (DIMO's rate limits, refusals as 429 or 503): one refresher between them, every vehicle read once, no request
 * refused, the Telemetry API asked no faster than its limit, and an instance that dies without letting go of the lock
 * taken over once its lease has passed.
 */

const FLEET = 120;
/** A guard against a hang: the fleet takes about 20 s at DIMO's telemetry limit, more on a busy machine. */
const SETTLED_MS = 180_000;

let redis: RedisServer;
let sandbox: SandboxServer;
const control = sandboxControl(() => sandbox.url);
const fleets: FleetInstance[][] = [];
const started: FleetPositions[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  sandbox = await startSandboxServer(["--fleet", String(FLEET), "--profile", "realistic", "--no-live"]);
}, 180_000);
afterAll(async () => {
  await Promise.all(started.map((positions) => positions.refresher.stop()));
  await Promise.all(fleets.map(stopFleet));
  await sandbox?.stop();
  await redis?.stop();
});

/** An instance's fleet positions as the app builds them: its own client, paced through the shared store, and roster. */
function positionsOf(instance: FleetInstance, timings: Partial<RefresherTimings> = {}, sentAt: number[] = []) {
  const { stores } = instance;
  const { client } = testClient(sandbox.url, {
    cache: new StoreTokenCache(stores.tolerant.keyValue),
    locks: stores.tolerant.keyValue,
    pacer: new SlotPacer(stores.tolerant.slots, { limits: DIMO_RATE_LIMITS }),
    onActivity: (entry) => instance.activity.record(entry),
    timeoutMs: 10_000,
    fetch: (input, init) => {
      if (String(input).includes("/telemetry/")) sentAt.push(Date.now());
      return globalThis.fetch(input, init);
    },
  });
  const roster = rosterServiceFor(client, stores.tolerant.keyValue, stores.logs, DEMO_LICENSE.clientId);
  const positions = new FleetPositions({
    client,
    keyValue: stores.tolerant.keyValue,
    logs: stores.logs,
    counters: stores.counters,
    clientId: DEMO_LICENSE.clientId,
    vehicleContract: VEHICLE_NFT_CONTRACT,
    roster: async () => (await roster.vehicles()).vehicles,
    timings,
  });
  started.push(positions);
  return { positions, roster };
}

describe("fleet positions on Redis, two instances, DIMO's limits", () => {
  it(
    "runs one refresher between them: each vehicle read once, none refused, telemetry within its limit",
    async () => {
      const fleet = startFleet(redis.url, sandbox.url);
      fleets.push(fleet);
      const sentAt: number[] = [];
      // A lease shorter than the run, renewed while it lasts: the other instance must still never take it over.
      const [a, b] = fleet.map((instance) => positionsOf(instance, { leaseMs: 8_000 }, sentAt));
      if (!a || !b) throw new Error("two instances");
      await control.resetStats();
      await a.roster.settle();
      const vehicles = (await a.roster.vehicles()).vehicles;
      const readable = vehicles.filter((vehicle) => isReadable(vehicle, Date.now())).length;
      expect(readable).toBeGreaterThan(FLEET * 0.8);

      await Promise.all([a.positions.read(), b.positions.read()]);
      const settled = await eventually(
        () => b.positions.read(),
        (view) => view.progress.read >= readable && view.progress.remainingSeconds === null,
        SETTLED_MS,
      );
      expect(settled.progress).toMatchObject({ read: readable, failure: null });
      expect(settled.positions.length).toBeGreaterThan(readable / 2);
      const other = await a.positions.read();
      expect(other.positions).toEqual(settled.positions);
      expect(other.progress).toMatchObject({ read: readable, withPosition: settled.progress.withPosition });

      const stats = await control.stats();
      expect(stats.refused).toBe(0);
      // One refresher: each vehicle read once, whichever instance read it (a timed-out query retried is still one).
      expect(a.positions.refresher.readCount + b.positions.refresher.readCount).toBe(readable);
      expect(count(stats, "/telemetry/query")).toBe(sentAt.length);
      expect(sentAt.length).toBeGreaterThanOrEqual(readable);
      expect(count(stats, ROUTES.exchange)).toBeLessThanOrEqual(readable);
      // No faster on average than DIMO's telemetry limit, however the machine's load bunched the sends.
      const seconds = ((sentAt.at(-1) ?? 0) - (sentAt[0] ?? 0)) / 1000;
      expect(sentAt.length - 1).toBeLessThanOrEqual(Math.ceil(seconds * (DIMO_RATE_LIMITS.telemetry ?? 0)));
    },
    SETTLED_MS + 60_000,
  );

  it(
    "takes over from an instance that died holding the lock, once its lease has passed",
    async () => {
      const fleet = startFleet(redis.url, sandbox.url);
      fleets.push(fleet);
      const [instance] = fleet;
      if (!instance) throw new Error("an instance");
      const { positions } = positionsOf(instance, { leaseMs: 1_000 });
      // The dead instance's lock, as it left it: nobody renews it, and nobody releases it.
      expect(await positions.store.acquire("a dead instance", 15_000)).toBe(true);
      positions.refresher.start();
      expect(positions.refresher.readCount).toBe(0);
      expect((await positions.read()).progress.running).toBe(true);
      const reads = await eventually(
        () => positions.refresher.readCount,
        (n) => n > 0,
        SETTLED_MS,
      );
      expect(reads).toBeGreaterThan(0);
      await positions.refresher.stop();
    },
    SETTLED_MS + 30_000,
  );
});
