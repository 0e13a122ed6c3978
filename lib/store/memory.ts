import type { CounterStore, KeyValueStore, WindowCount } from "./types";

/**
 * In-memory stores: the default for one dashboard process. Expired entries are swept every SWEEP_EVERY writes, so
 * memory follows the live entries, not the history.
 */

const SWEEP_EVERY = 1_000;

class ExpiringMap<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private writes = 0;

  constructor(private readonly now: () => number) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, ttlMs: number): void {
    if ((this.writes += 1) % SWEEP_EVERY === 0) this.sweep();
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }

  until(key: string): number | undefined {
    return this.get(key) === undefined ? undefined : this.entries.get(key)?.until;
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }
}

export class MemoryKeyValueStore implements KeyValueStore {
  private readonly map: ExpiringMap<string>;

  constructor(now: () => number = Date.now) {
    this.map = new ExpiringMap(now);
  }

  async get(key: string): Promise<string | null> {
    return this.map.get(key) ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (ttlMs > 0) this.map.set(key, value, ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.map.get(key) !== undefined) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  /** Live and not yet swept entries (tests). */
  get size(): number {
    return this.map.size;
  }
}

export class MemoryCounterStore implements CounterStore {
  private readonly map: ExpiringMap<number>;

  constructor(private readonly now: () => number = Date.now) {
    this.map = new ExpiringMap(now);
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const count = (this.map.get(key) ?? 0) + 1;
    const until = this.map.until(key);
    if (until === undefined) {
      this.map.set(key, count, windowMs);
      return { count, resetInMs: windowMs };
    }
    this.map.set(key, count, until - this.now());
    return { count, resetInMs: until - this.now() };
  }
}
