import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createInstantOffers } from "@/lib/server/instant-offers";
import { count, ROUTES } from "@/test-support/dimo-client";
import { type FleetInstance, eventually, startFleet, stopFleet } from "@/test-support/fleet";
import { type RedisServer, startRedisServer } from "@/test-support/redis";
import { setUpSandbox } from "@/test-support/sandbox";

/**
 * Two dashboard instances sharing one Redis, against one sandbox: what the fleet sends upstream is what one instance
 * would send, each sees every call, and an outage of Redis costs neither instance its answers.
 */

const sandbox = setUpSandbox();
const { control } = sandbox;
let redis: RedisServer;
let fleet: FleetInstance[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});
beforeEach(async () => {
  await control.reset();
  await control.resetStats();
});
afterEach(async () => {
  await stopFleet(fleet);
  fleet = [];
});

function twoInstances() {
  const pair = startFleet(redis.url, sandbox.url);
  fleet.push(...pair);
  return pair;
}

describe("two instances, one Redis", () => {
  it("make one challenge and one exchange for 40 concurrent cold views of a vehicle, then one exchange for another", async () => {
    const [a, b] = twoInstances();
    const views = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).client.listTrips(21957, 1));
    const pages = await Promise.all(views);
    expect(pages.every((page) => page.trips.length > 0)).toBe(true);
    let stats = await control.stats();
    expect(count(stats, ROUTES.challenge)).toBe(1);
    expect(count(stats, ROUTES.submit)).toBe(1);
    expect(count(stats, ROUTES.exchange)).toBe(1);

    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).client.listTrips(18234, 1)));
    stats = await control.stats();
    expect(count(stats, ROUTES.challenge)).toBe(1);
    expect(count(stats, ROUTES.exchange)).toBe(2);
  });

  it("wait for a slow holder's token rather than run an exchange of their own", async () => {
    const [a, b] = twoInstances();
    await a.client.listTrips(21957, 1);
    await control.resetStats();
    // The exchange takes 1.5 s (under the test client's 2 s timeout): far longer than a waiter polls, far shorter than the lock's expiry.
    await control.injectFault({ method: "POST", path: "/token-exchange/v1/tokens/exchange", latencyMs: 1_500 });
    const first = a.client.listTrips(18234, 1);
    // A holds the lock once its exchange has reached the sandbox (counted on arrival, before the latency).
    await eventually(
      async () => count(await control.stats(), ROUTES.exchange),
      (exchanges) => exchanges === 1,
    );
    await Promise.all([first, b.client.listTrips(18234, 1)]);
    expect(count(await control.stats(), ROUTES.exchange)).toBe(1);
  });

  it("both list the same calls, and each live view follows the other's", async () => {
    const [a, b] = twoInstances();
    const seenByA: string[] = [];
    a.activity.subscribe((entry) => seenByA.push(entry.id));
    await a.client.listTrips(21957, 1);
    await b.client.listTrips(21957, 2);
    const fromB = b.activity.list().map((entry) => entry.id);
    expect(fromB.length).toBeGreaterThan(0);
    await eventually(
      () => seenByA,
      (ids) => fromB.every((id) => ids.includes(id)),
    );
    expect(seenByA).toEqual(expect.arrayContaining(fromB));
    const [listA, listB] = await Promise.all([a.activity.read(), b.activity.read()]);
    expect(listA.map((entry) => entry.id)).toEqual(listB.map((entry) => entry.id));
    expect(new Set(listA.map((entry) => entry.id)).size).toBe(listA.length);
    expect(listA.length).toBe(a.activity.list().length);
  });

  it("send one instant-offer POST for a double click split over both, and both follow the request", async () => {
    const [a, b] = twoInstances();
    const offersA = createInstantOffers({ client: () => a.client, store: a.stores.tolerant.keyValue });
    const offersB = createInstantOffers({ client: () => b.client, store: b.stores.tolerant.keyValue });
    const [first, second] = await Promise.all([offersA.startInstantOffer(19876), offersB.startInstantOffer(19876)]);
    expect(second.startedAt).toBe(first.startedAt);
    const done = await eventually(
      () => offersB.offerRequestOf(19876),
      (request) => request?.status !== "running",
    );
    expect(done).toMatchObject({ startedAt: first.startedAt, status: "succeeded" });
    expect(await offersA.offerRequestOf(19876)).toEqual(done);
    expect(count(await control.stats(), ROUTES.instantOffer)).toBe(1);
  });
});

describe("Redis stopped mid-run", () => {
  it(
    "keeps both instances answering from their own memory, logged once, and returns to Redis by itself",
    { timeout: 30_000 },
    async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const [a, b] = twoInstances();
        await Promise.all([a.client.listTrips(21957, 1), b.client.listTrips(21957, 1)]);
        await redis.stop();
        for (let round = 0; round < 3; round += 1) {
          const started = Date.now();
          const pages = await Promise.all([
            a.client.listTrips(21957, 1),
            b.client.listTrips(21957, 2),
            a.client.listTrips(18234, 1),
          ]);
          expect(pages.every((page) => page.trips.length > 0)).toBe(true);
          // Never a hang: the fallback answers as fast as the sandbox does.
          expect(Date.now() - started).toBeLessThan(3_000);
        }
        const downNotices = () =>
          warn.mock.calls.filter(([message]) => String(message).includes("is unavailable")).length;
        expect(downNotices()).toBe(2);
        expect(a.stores.health.isDown).toBe(true);

        await redis.start();
        await control.resetStats();
        // Back by itself: the instances reconnect and the cache is shared again (Redis came back empty).
        await eventually(
          async () => {
            await a.client.listTrips(17001, 1);
            return a.stores.health.isDown;
          },
          (down) => !down,
          10_000,
        );
        // Each instance reconnects on its own schedule: B is waited for as A was, not assumed back with it.
        await eventually(
          async () => {
            await b.client.listTrips(17001, 1);
            return b.stores.health.isDown;
          },
          (down) => !down,
          10_000,
        );
        expect(b.stores.health.isDown).toBe(false);
        expect(
          warn.mock.calls.filter(([message]) => String(message).includes("answers again")).length,
        ).toBeGreaterThanOrEqual(1);
      } finally {
        warn.mockRestore();
      }
    },
  );
});
