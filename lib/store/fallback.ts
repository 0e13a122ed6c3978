import "server-only";
import { type KeyValueStore, type SlotStore, isStoreUnavailable } from "./types";

/**
 * For state an instance can keep alone for a while (cached tokens, in-flight locks, request pacing): while Redis is
 * down or slow, calls go to this instance's memory instead, and back to Redis by themselves once it answers. The
 * switch is logged once each way, not once per call.
 */
export class StoreHealth {
  private down = false;

  constructor(
    private readonly name: string,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  async call<T>(primary: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      const result = await primary();
      if (this.down) {
        this.down = false;
        this.log(`[store] ${this.name} answers again: shared state is back in it.`);
      }
      return result;
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      if (!this.down) {
        this.down = true;
        this.log(
          `[store] ${this.name} is unavailable (${error.message}): token cache and locks use this instance's memory until it answers.`,
        );
      }
      return fallback();
    }
  }
}

export function keyValueWithFallback(
  primary: KeyValueStore,
  fallback: KeyValueStore,
  health: StoreHealth,
): KeyValueStore {
  return {
    get: (key) =>
      health.call(
        () => primary.get(key),
        () => fallback.get(key),
      ),
    set: (key, value, ttlMs) =>
      health.call(
        () => primary.set(key, value, ttlMs),
        () => fallback.set(key, value, ttlMs),
      ),
    setIfAbsent: (key, value, ttlMs) =>
      health.call(
        () => primary.setIfAbsent(key, value, ttlMs),
        () => fallback.setIfAbsent(key, value, ttlMs),
      ),
    delete: (key) =>
      health.call(
        () => primary.delete(key),
        () => fallback.delete(key),
      ),
    deleteIfEquals: (key, value) =>
      health.call(
        () => primary.deleteIfEquals(key, value),
        () => fallback.deleteIfEquals(key, value),
      ),
    extendIfEquals: (key, value, ttlMs) =>
      health.call(
        () => primary.extendIfEquals(key, value, ttlMs),
        () => fallback.extendIfEquals(key, value, ttlMs),
      ),
  };
}

export function slotsWithFallback(primary: SlotStore, fallback: SlotStore, health: StoreHealth): SlotStore {
  return {
    reserve: (key, spacingMs) =>
      health.call(
        () => primary.reserve(key, spacingMs),
        () => fallback.reserve(key, spacingMs),
      ),
  };
}
