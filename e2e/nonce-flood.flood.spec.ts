import { expect, plainTest as test } from "./fixtures/test";
import { SESSION_COOKIE, fetchNonce, flood, signInWithNonce } from "./fixtures/http-client";
import { WALLETS } from "./fixtures/wallets";

/**
 * A nonce flood over real HTTP against the production build: 12,000 requests from one client are answered with 429s
 * beyond its limit, and a user whose nonce was issued before the flood still signs in. It runs alone, after every
 * other browser test, since it keeps the server busy for a while.
 */

test.describe("nonce flood", () => {
  test("12,000 nonce requests from one client: answered with 429s, and a user whose nonce came first still signs in", async () => {
    test.setTimeout(180_000);
    const waitingNonce = await fetchNonce();
    const started = Date.now();
    const { statuses, retryAfter } = await flood("/api/sign-in/nonce", 12_000, "127.0.0.2");
    const seconds = (Date.now() - started) / 1000;
    const limited = statuses.get(429) ?? 0;
    const served = statuses.get(200) ?? 0;
    console.log(`nonce flood: 12000 requests in ${seconds.toFixed(1)} s: ${served} served, ${limited} answered 429`);
    expect(served + limited).toBe(12_000);
    // 30 a minute per client: one window's worth for each minute the flood lasted.
    const windows = Math.floor(seconds / 60) + 1;
    expect(served).toBeLessThanOrEqual(30 * windows);
    expect(limited).toBeGreaterThanOrEqual(12_000 - 30 * windows);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    const { jar, status } = await signInWithNonce(WALLETS.owner.privateKey, waitingNonce);
    expect(status).toBe(200);
    expect(jar.has(SESSION_COOKIE)).toBe(true);
  });
});
