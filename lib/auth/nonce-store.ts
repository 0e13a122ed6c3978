import "server-only";
import { generateSiweNonce } from "viem/siwe";

/**
 * Sign-in nonces: issued by the server, valid for a few minutes, usable once. Kept in this process's memory; a
 * deployment with several dashboard instances needs sticky sessions or a shared store here.
 */

export const NONCE_TTL_MS = 5 * 60_000;
// Anyone may ask for a nonce before signing in, so the store is bounded: the oldest nonces go first.
const MAX_OUTSTANDING = 10_000;

interface NonceStore {
  issued: Map<string, number>;
}

// Kept on globalThis so that module reloads in development do not forget nonces handed out a moment ago.
const holder = globalThis as typeof globalThis & { __dashboardSignInNonces?: NonceStore };
const store: NonceStore = (holder.__dashboardSignInNonces ??= { issued: new Map() });

export function issueNonce(now = Date.now()): string {
  pruneExpired(now);
  while (store.issued.size >= MAX_OUTSTANDING) {
    const oldest = store.issued.keys().next().value;
    if (oldest === undefined) break;
    store.issued.delete(oldest);
  }
  const nonce = generateSiweNonce();
  store.issued.set(nonce, now + NONCE_TTL_MS);
  return nonce;
}

/** True once for a nonce this server issued and that has not expired; false for any other nonce or a second use. */
export function consumeNonce(nonce: string, now = Date.now()): boolean {
  const expiresAt = store.issued.get(nonce);
  if (expiresAt === undefined) return false;
  store.issued.delete(nonce);
  return expiresAt > now;
}

function pruneExpired(now: number) {
  for (const [nonce, expiresAt] of store.issued) {
    if (expiresAt <= now) store.issued.delete(nonce);
  }
}
