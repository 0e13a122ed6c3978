import "server-only";
import { getConfig } from "@/lib/config";
import { processWide } from "@/lib/process-wide";
import { StoreHealth, keyValueWithFallback, slotsWithFallback } from "./fallback";
import { createMemoryStores } from "./memory";
import { createRedisStores } from "./redis";
import type { KeyValueStore, SharedStores, SlotStore } from "./types";

export type * from "./types";
export { isStoreUnavailable } from "./types";

export interface Stores extends SharedStores {
  /**
   * The same key-value and slot stores, falling back to this instance's memory while the shared store is unavailable:
   * for cached tokens, in-flight locks and pacing, which one instance may keep alone for a while. Everything else
   * (used nonces, rate limits) fails closed with a StoreUnavailableError instead.
   */
  tolerant: { keyValue: KeyValueStore; slots: SlotStore };
  /** Whether the shared store answered the last tolerant call. */
  health: StoreHealth;
}

/** Memory stores without a Redis URL (one instance, as `npm run dev`); Redis stores shared by every instance with one. */
export function createStores(
  redis: { url: string; keyPrefix: string } | undefined,
  now: () => number = Date.now,
): Stores {
  const health = new StoreHealth("Redis");
  const memory = createMemoryStores(now);
  if (!redis) return { ...memory, tolerant: { keyValue: memory.keyValue, slots: memory.slots }, health };
  const shared = createRedisStores({ url: redis.url, prefix: redis.keyPrefix }, now);
  return {
    ...shared,
    tolerant: {
      keyValue: keyValueWithFallback(shared.keyValue, memory.keyValue, health),
      slots: slotsWithFallback(shared.slots, memory.slots, health),
    },
    health,
  };
}

/**
 * The process's stores, created (and connected, when REDIS_URL is set) on first use; instrumentation.ts calls this at
 * start-up so that the connection is open before the first request. On globalThis: Next.js may load this module once
 * per route bundle, and the state must be one per process.
 */
export function getStores(): Stores {
  return processWide("stores", () => createStores(getConfig().redis));
}
