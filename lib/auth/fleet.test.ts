import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stampedHeaders } from "@/lib/security/client-address";
import { type Stores, createStores } from "@/lib/store";
import { eventually } from "@/test-support/fleet";
import { type RedisServer, startRedisServer } from "@/test-support/redis";
import { createNonces } from "./nonces";
import { SIGN_IN_UNAVAILABLE, refuseWhenOverLimit } from "./rate-limit";
import { createRevocations } from "./revocation";

/** Sign-in state shared by two instances through one Redis, and what each does while Redis is away. */

const SECRET = "a-session-secret-shared-by-every-instance-of-the-fleet";
let redis: RedisServer;
const opened: { close(): unknown }[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

function instance(prefix: string) {
  const stores: Stores = createStores({ url: redis.url, keyPrefix: prefix });
  const revocations = createRevocations({ ...stores, log: () => {} });
  opened.push(stores, revocations);
  return { stores, revocations, nonces: createNonces({ secret: SECRET, store: stores.keyValue }) };
}

function pair() {
  const prefix = `auth-test:${randomUUID()}:`;
  return [instance(prefix), instance(prefix)] as const;
}

const signInRequest = () =>
  new Request("http://localhost/api/sign-in/nonce", { headers: stampedHeaders("203.0.113.9") });

describe("two instances, one Redis", () => {
  it("accept a nonce issued by A once on B, and never again on either", async () => {
    const [a, b] = pair();
    const nonce = a.nonces.issue();
    expect(await b.nonces.consume(nonce)).toBe(true);
    expect(await b.nonces.consume(nonce)).toBe(false);
    expect(await a.nonces.consume(nonce)).toBe(false);
  });

  it("both refuse a session revoked on one of them", async () => {
    const [a, b] = pair();
    const sid = randomUUID();
    expect(await b.revocations.isSessionRevoked(sid)).toBe(false);
    await a.revocations.revokeSession(sid, Date.now() + 3_600_000);
    expect(await a.revocations.isSessionRevoked(sid)).toBe(true);
    expect(await b.revocations.isSessionRevoked(sid)).toBe(true);
  });

  it("count sign-in attempts fleet-wide", async () => {
    const [a, b] = pair();
    for (let n = 0; n < 15; n += 1)
      expect(await refuseWhenOverLimit(signInRequest(), "nonce", a.stores.counters)).toBeNull();
    for (let n = 0; n < 15; n += 1)
      expect(await refuseWhenOverLimit(signInRequest(), "nonce", b.stores.counters)).toBeNull();
    expect((await refuseWhenOverLimit(signInRequest(), "nonce", a.stores.counters))?.status).toBe(429);
  });
});

describe("Redis stopped mid-run", () => {
  it(
    "keeps revocations made before it, lets other sessions on, refuses sign-in with a clear 503, and recovers by itself",
    { timeout: 30_000 },
    async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const [a, b] = pair();
        const revoked = randomUUID();
        const active = randomUUID();
        await a.revocations.revokeSession(revoked, Date.now() + 3_600_000);
        // B hears of it on the channel (or at its next refresh, a few seconds later at most).
        await eventually(() => b.revocations.isSessionRevoked(revoked), Boolean);
        await b.revocations.refresh();

        await redis.stop();
        for (const { revocations } of [a, b]) {
          expect(await revocations.isSessionRevoked(revoked)).toBe(true);
          expect(await revocations.isSessionRevoked(active)).toBe(false);
        }
        const refused = await refuseWhenOverLimit(signInRequest(), "sign-in", b.stores.counters);
        expect(refused?.status).toBe(503);
        expect(await refused?.json()).toEqual({ error: SIGN_IN_UNAVAILABLE });
        await expect(b.nonces.consume(a.nonces.issue())).rejects.toMatchObject({ name: "StoreUnavailableError" });
        // A sign-out during the outage holds on its own instance at once.
        const signedOut = randomUUID();
        await a.revocations.revokeSession(signedOut, Date.now() + 3_600_000);
        expect(await a.revocations.isSessionRevoked(signedOut)).toBe(true);

        await redis.start();
        const started = Date.now();
        const nonce = a.nonces.issue();
        const consumed = await eventually(() => b.nonces.consume(nonce).catch(() => false), Boolean, 10_000);
        expect(consumed).toBe(true);
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(await refuseWhenOverLimit(signInRequest(), "sign-in", b.stores.counters)).toBeNull();
        // The sign-out made during the outage reaches the shared store, and so the other instance, at A's first refresh
        // after A's own connection is back, which may come a retry after B's.
        const reached = await eventually(
          async () => {
            await a.revocations.refresh();
            return b.revocations.isSessionRevoked(signedOut);
          },
          Boolean,
          10_000,
        );
        expect(reached).toBe(true);
      } finally {
        warn.mockRestore();
      }
    },
  );
});
