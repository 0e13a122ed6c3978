import type {
  CappedLogStore,
  ChannelStore,
  CounterStore,
  ExpiringSetStore,
  KeyValueStore,
  SharedStores,
  SlotStore,
  WindowCount,
} from "./types";

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

  delete(key: string): boolean {
    return this.entries.delete(key);
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

  async delete(key: string): Promise<void> {
    this.map.delete(key);
  }

  async deleteIfEquals(key: string, value: string): Promise<boolean> {
    return this.map.get(key) === value && this.map.delete(key);
  }

  async extendIfEquals(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.map.get(key) !== value || ttlMs <= 0) return false;
    this.map.set(key, value, ttlMs);
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

class MemoryExpiringSetStore implements ExpiringSetStore {
  private readonly sets = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  async add(key: string, member: string, untilMs: number): Promise<void> {
    const set = this.sets.get(key) ?? new Map<string, number>();
    this.sets.set(key, set);
    this.drop(set);
    if (untilMs > this.now()) set.set(member, untilMs);
  }

  async has(key: string, member: string): Promise<boolean> {
    const until = this.sets.get(key)?.get(member);
    return until !== undefined && until > this.now();
  }

  async members(key: string): Promise<Map<string, number>> {
    const set = this.sets.get(key);
    if (!set) return new Map();
    this.drop(set);
    return new Map(set);
  }

  private drop(set: Map<string, number>): void {
    const now = this.now();
    for (const [member, until] of set) if (until <= now) set.delete(member);
  }
}

class MemoryCappedLogStore implements CappedLogStore {
  private readonly logs = new Map<string, string[]>();

  async append(key: string, value: string, cap: number): Promise<void> {
    const log = this.logs.get(key) ?? [];
    this.logs.set(key, log);
    log.push(value);
    if (log.length > cap) log.splice(0, log.length - cap);
  }

  async list(key: string): Promise<string[]> {
    return (this.logs.get(key) ?? []).slice();
  }

  async clear(key: string): Promise<void> {
    this.logs.delete(key);
  }
}

class MemoryChannelStore implements ChannelStore {
  private readonly listeners = new Map<string, Set<(message: string) => void>>();

  async publish(channel: string, message: string): Promise<void> {
    for (const listener of this.listeners.get(channel) ?? []) {
      // Asynchronous like a real channel, so a publisher never runs its subscribers inside its own call.
      queueMicrotask(() => listener(message));
    }
  }

  subscribe(channel: string, listener: (message: string) => void): () => void {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  }
}

export class MemorySlotStore implements SlotStore {
  private readonly next = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, spacingMs: number): Promise<number> {
    const now = this.now();
    // Reserved at once, before anyone waits, so that callers who come later get later slots.
    const start = Math.max(now, this.next.get(key) ?? now);
    this.next.set(key, start + spacingMs);
    return start - now;
  }
}

/** One process's stores: the embedded default when no REDIS_URL is set. */
export function createMemoryStores(now: () => number = Date.now): SharedStores {
  return {
    kind: "memory",
    keyValue: new MemoryKeyValueStore(now),
    counters: new MemoryCounterStore(now),
    sets: new MemoryExpiringSetStore(now),
    logs: new MemoryCappedLogStore(),
    channels: new MemoryChannelStore(),
    slots: new MemorySlotStore(now),
    close: async () => {},
  };
}
