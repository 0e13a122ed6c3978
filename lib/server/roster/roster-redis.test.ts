import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisStores } from "@/lib/store/redis";
import { type SharedStores } from "@/lib/store/types";
import { FakeIdentity, rosterVehicle } from "@/test-support/fake-identity";
import { type RedisServer, startRedisServer } from "@/test-support/redis";
import { RosterService } from "./roster-service";
import { RosterStore } from "./roster-store";

/**
 * Two dashboard instances, each with its own connection to one redis-server, against one identity API: one roster
 * between them, each identity page read once, and what one learns (a landing, a check) seen by the other.
 */

let redis: RedisServer;
const opened: SharedStores[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.map((stores) => stores.close()));
  await redis?.stop();
});

function instances(identity: FakeIdentity): [RosterService, RosterService] {
  const prefix = `roster-test:${randomUUID()}:`;
  const instance = () => {
    const stores = createRedisStores({ url: redis.url, prefix });
    opened.push(stores);
    return new RosterService({
      store: new RosterStore(stores.keyValue, stores.logs, "0xclient"),
      listPage: identity.listPage,
      powertrainsOf: identity.powertrainsOf,
      definitionsPerRequest: 50,
      now: Date.now,
      describe: (error) => ({ code: "UPSTREAM_ERROR", message: String(error), retryable: true }),
      timings: { pollMs: 5 },
    });
  };
  return [instance(), instance()];
}

const ids = async (roster: RosterService) =>
  (await roster.vehicles()).vehicles.map((v) => v.tokenId).sort((a, b) => a - b);

describe("the roster in Redis, two instances", () => {
  it("is read once between them, each page by one of them, and both serve it", async () => {
    const identity = new FakeIdentity(1_250);
    identity.delayMs = 5;
    const [a, b] = instances(identity);
    const [first, second] = await Promise.all([a.read(), b.read()]);
    expect(first.snapshot.vehicles.length).toBeGreaterThan(0);
    expect(second.snapshot.vehicles.length).toBeGreaterThan(0);
    await Promise.all([a.settle(), b.settle()]);
    expect(identity.requests).toBe(13);
    expect(await ids(a)).toHaveLength(1_250);
    expect(await ids(b)).toEqual(await ids(a));
  });

  it("shows one instance's landing and check on the other", async () => {
    const identity = new FakeIdentity(120);
    const [a, b] = instances(identity);
    await a.settle();
    await a.noteLanding([rosterVehicle(9_000)], [5]);
    expect(await ids(b)).toContain(9_000);
    expect(await ids(b)).not.toContain(5);

    identity.vehicles.set(500, rosterVehicle(500));
    const checked = await b.read({ checkNow: { withinMs: 0 } });
    expect(checked.refreshError).toBeNull();
    expect(await ids(a)).toContain(500);
  });
});
