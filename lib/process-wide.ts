import { LRUCache } from "lru-cache";

/**
 * One value per process, kept on globalThis under `name`. Next.js may load a module once per route bundle (and again
 * after a hot reload), so a module-level variable can exist several times in one server; state that must be one per
 * process (caches, the pacer, logs) lives here instead.
 */
export function processWide<T>(name: string, create: () => T): T {
  const shared = globalThis as typeof globalThis & { [key: symbol]: unknown };
  const key = Symbol.for(`dimo-dashboard.${name}`);
  shared[key] ??= create();
  return shared[key] as T;
}

/** What lru-cache accepts as a key or a value: anything but null and undefined. */
type Cacheable = NonNullable<unknown>;

/**
 * Entries' time to live counts on Date.now(), read at every check: the clock sessions and grants end by, and the
 * one a test's fake Date moves.
 */
const WALL_CLOCK_TTL = { perf: { now: () => Date.now() }, ttlResolution: 0 };

/**
 * The cache of one concern, one per process: an LRUCache (bounded by `max` or `maxSize`, its entries ending after
 * `ttl` when given) kept by processWide under `name`.
 */
export function processWideCache<K extends Cacheable, V extends Cacheable>(
  name: string,
  options: LRUCache.Options<K, V, unknown>,
): LRUCache<K, V> {
  return processWide(name, () => new LRUCache<K, V>({ ...WALL_CLOCK_TTL, ...options }));
}

/**
 * The lru-cache ttl that keeps an entry for less than `ms`, so that it is gone once `ms` have passed: the cache still
 * serves an entry whose age equals its ttl. Not positive (nothing to keep) when `ms` is 1 or less.
 */
export const ttlBelow = (ms: number): number => Math.ceil(ms) - 1;
