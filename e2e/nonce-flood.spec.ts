import { expect, plainTest as test } from "./fixtures/test";
import { SESSION_COOKIE, fetchNonce, flood, signInWithNonce } from "./fixtures/http-client";
import { WALLETS } from "./fixtures/wallets";

/**
 * A nonce flood over real HTTP against the production build: one client's requests beyond its limit are answered
 * with 429s, and a user whose nonce was issued before the flood still signs in. Small enough to last a second or two
 * among the other tests; `npm run bench:attacks` sends the long flood and says how the server holds up under it.
 */

const NONCE_LIMIT = 30;
const REQUESTS = 300;
// An address of its own, so the bucket this test fills is no other test's.
const FLOODING_CLIENT = "127.0.0.9";

test.describe("nonce flood", () => {
  test("300 nonce requests from one client: 429s beyond its limit, and a nonce issued first still signs in", async () => {
    const waitingNonce = await fetchNonce();
    const started = Date.now();
    const { statuses, retryAfter } = await flood("/api/sign-in/nonce", REQUESTS, FLOODING_CLIENT);
    const seconds = (Date.now() - started) / 1000;
    const limited = statuses.get(429) ?? 0;
    const served = statuses.get(200) ?? 0;
    expect(served + limited).toBe(REQUESTS);
    // The client's window opens at its first request and lasts a minute: one limit's worth for each minute begun.
    const windows = Math.floor(seconds / 60) + 1;
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThanOrEqual(NONCE_LIMIT * windows);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    const { jar, status } = await signInWithNonce(WALLETS.owner.privateKey, waitingNonce);
    expect(status).toBe(200);
    expect(jar.has(SESSION_COOKIE)).toBe(true);
  });
});
