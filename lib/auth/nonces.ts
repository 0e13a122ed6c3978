import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { KeyValueStore } from "@/lib/store";

/**
 * Sign-in nonces that cost nothing to issue: each carries its own expiry and a MAC made with the server's secret,
 * so the server stores nothing when it hands one out and a flood of requests cannot push anyone's nonce out. Only
 * a nonce that was used is remembered, until it would have expired, so it cannot be used twice.
 *
 * Layout (EIP-4361 wants letters and digits only): 16 hex random, 8 base-36 expiry seconds, 32 hex MAC.
 */

export const NONCE_TTL_MS = 5 * 60_000;
const RANDOM_HEX = 16;
const EXPIRY_CHARS = 8;
const MAC_HEX = 32;
const NONCE_PATTERN = new RegExp(`^[0-9a-f]{${RANDOM_HEX}}[0-9a-z]{${EXPIRY_CHARS}}[0-9a-f]{${MAC_HEX}}$`);

export interface NonceDeps {
  secret: string;
  store: KeyValueStore;
  now?: () => number;
  /** How long a nonce lives. Default NONCE_TTL_MS. */
  ttlMs?: number;
  /**
   * What the nonces are for: each purpose has its own MAC key and its own used set, so a nonce made for one can never
   * be spent as another. Default the SIWE message's nonce.
   */
  purpose?: "sign-in-nonce" | "dimo-login-state";
}

/**
 * Spends `key` once, on every instance (the shared store decides who was first), and remembers it until `untilMs`:
 * as long as what it names could still be presented. True only for the first caller.
 */
export async function spendOnce(store: KeyValueStore, key: string, untilMs: number, nowMs: number): Promise<boolean> {
  const ttlMs = untilMs - nowMs;
  return ttlMs > 0 && store.setIfAbsent(key, "1", ttlMs);
}

function mac(key: string, body: string): string {
  return createHmac("sha256", key).update(body).digest("hex").slice(0, MAC_HEX);
}

export function createNonces({
  secret,
  store,
  now = Date.now,
  ttlMs = NONCE_TTL_MS,
  purpose = "sign-in-nonce",
}: NonceDeps) {
  // A key of its own, so a nonce MAC can never stand in for anything else made with the session secret.
  const key = `${purpose}:${secret}`;
  const usedPrefix = purpose === "sign-in-nonce" ? "used-nonce" : `used-${purpose}`;

  function issue(): string {
    const expiresSeconds = Math.ceil((now() + ttlMs) / 1000);
    const body = randomBytes(RANDOM_HEX / 2).toString("hex") + expiresSeconds.toString(36).padStart(EXPIRY_CHARS, "0");
    return body + mac(key, body);
  }

  /** The nonce's expiry (ms) when this server made it and it has not expired; null otherwise. Stores nothing. */
  function check(nonce: string): number | null {
    if (!NONCE_PATTERN.test(nonce)) return null;
    const body = nonce.slice(0, RANDOM_HEX + EXPIRY_CHARS);
    const given = Buffer.from(nonce.slice(RANDOM_HEX + EXPIRY_CHARS), "hex");
    if (!timingSafeEqual(given, Buffer.from(mac(key, body), "hex"))) return null;
    const expiresMs = Number.parseInt(body.slice(RANDOM_HEX), 36) * 1000;
    return expiresMs > now() ? expiresMs : null;
  }

  /** True once for a valid nonce; false when it is forged, expired or was used already. */
  async function consume(nonce: string): Promise<boolean> {
    const expiresMs = check(nonce);
    if (expiresMs === null) return false;
    return spendOnce(store, `${usedPrefix}:${nonce}`, expiresMs, now());
  }

  return { issue, check, consume };
}

export type Nonces = ReturnType<typeof createNonces>;
