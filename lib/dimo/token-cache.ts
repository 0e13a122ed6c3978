import "server-only";
import type { KeyValueStore } from "@/lib/store/types";
import { holdToken } from "./redact";

/**
 * Where tokens wait between requests. An interface so that several dashboard instances can share one store (Redis,
 * say) instead of each holding its own; the in-memory one serves a single process. Each token stored or handed out is
 * also held for redaction (redact.ts), so no message can show it whatever its shape.
 */

export interface CachedToken {
  token: string;
  /** The token's own `exp`, in milliseconds since the epoch (adjusted for clock skew, see tokens.ts). */
  expMs: number;
}

export interface TokenCache {
  /** The token under `key`, or undefined when absent or past the time it was stored until. */
  get(key: string): Promise<CachedToken | undefined>;
  /** Stores `value` until `expiresAtMs` (milliseconds since the epoch), after which get() no longer returns it. */
  set(key: string, value: CachedToken, expiresAtMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export class MemoryTokenCache implements TokenCache {
  private readonly entries = new Map<string, { value: CachedToken; expiresAtMs: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<CachedToken | undefined> {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAtMs <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    holdToken(entry.value.token);
    return entry.value;
  }

  async set(key: string, value: CachedToken, expiresAtMs: number): Promise<void> {
    if (expiresAtMs <= this.now()) {
      this.entries.delete(key);
      return;
    }
    holdToken(value.token);
    this.entries.set(key, { value, expiresAtMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/**
 * The token cache on a shared key-value store (Redis, with several instances): each token is stored with a TTL that
 * ends at the time it was stored until, so the store forgets it by itself.
 */
export class StoreTokenCache implements TokenCache {
  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<CachedToken | undefined> {
    const stored = await this.store.get(key);
    if (stored === null) return undefined;
    try {
      const value = JSON.parse(stored) as Partial<CachedToken>;
      if (typeof value.token !== "string" || typeof value.expMs !== "number") return undefined;
      // Another instance may have stored it: this one learns it here.
      holdToken(value.token);
      return { token: value.token, expMs: value.expMs };
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: CachedToken, expiresAtMs: number): Promise<void> {
    const ttlMs = expiresAtMs - this.now();
    if (ttlMs <= 0) return this.store.delete(key);
    holdToken(value.token);
    await this.store.set(key, JSON.stringify(value), ttlMs);
  }

  async delete(key: string): Promise<void> {
    await this.store.delete(key);
  }
}
