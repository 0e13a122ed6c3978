/**
 * The shared-state interfaces: small on purpose, so that a Redis implementation can serve several dashboard
 * instances behind the same calls (each maps to one Redis command or one short script). Keys are namespaced by the
 * caller; the Redis implementation adds the deployment's prefix.
 */

export interface KeyValueStore {
  /** The value, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Stores a value that disappears after ttlMs (Redis: SET key value PX ttl). */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Stores only when the key is absent; true when this call stored it (Redis: SET key value NX PX ttl). With a unique
   * value this is a lock with an expiry, released with deleteIfEquals.
   */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Redis: DEL key. */
  delete(key: string): Promise<void>;
  /** Deletes the key only while it still holds `value`: a lock released by its holder only (Redis: a GET/DEL script). */
  deleteIfEquals(key: string, value: string): Promise<boolean>;
  /**
   * Gives the key ttlMs more only while it still holds `value`: a lock's lease extended by its holder only, never one
   * another instance took over meanwhile (Redis: a GET/PEXPIRE script). False when the key holds something else.
   */
  extendIfEquals(key: string, value: string, ttlMs: number): Promise<boolean>;
}

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

export interface CounterStore {
  /** Counts one hit in a fixed window of windowMs that starts with the first hit (Redis: INCR, PEXPIRE NX, PTTL). */
  increment(key: string, windowMs: number): Promise<WindowCount>;
}

/** Members that each leave the set at their own time (Redis: a sorted set scored by the expiry). */
export interface ExpiringSetStore {
  /** Redis: ZADD key untilMs member, and ZREMRANGEBYSCORE to drop the expired. */
  add(key: string, member: string, untilMs: number): Promise<void>;
  /** Redis: ZSCORE, compared with now. */
  has(key: string, member: string): Promise<boolean>;
  /** The members not yet expired, with their expiry (Redis: ZRANGE BYSCORE now +inf WITHSCORES). */
  members(key: string): Promise<Map<string, number>>;
}

/** An append-only log that keeps its newest `cap` entries (Redis: XADD MAXLEN, XRANGE). */
export interface CappedLogStore {
  append(key: string, value: string, cap: number): Promise<void>;
  /** The kept values, oldest first. */
  list(key: string): Promise<string[]>;
  clear(key: string): Promise<void>;
}

/** Fire-and-forget messages to every instance (Redis: PUBLISH / SUBSCRIBE). */
export interface ChannelStore {
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` with each message published from now on, by any instance; returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
}

/** Evenly spaced turns shared by every caller (Redis: a script that reserves the next slot on the server's clock). */
export interface SlotStore {
  /** Reserves the next free slot `spacingMs` after the last one; resolves with how long to wait for it (ms). */
  reserve(key: string, spacingMs: number): Promise<number>;
}

export interface SharedStores {
  /** Where the stores live: "memory" (this process) or "redis" (shared by every instance). */
  kind: "memory" | "redis";
  keyValue: KeyValueStore;
  counters: CounterStore;
  sets: ExpiringSetStore;
  logs: CappedLogStore;
  channels: ChannelStore;
  slots: SlotStore;
  /** Stops timers and connections (tests, shutdown). */
  close(): Promise<void>;
}

/** The shared store did not answer in time or refused the connection: the caller falls back or fails closed. */
export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super(`the shared store is unavailable${cause instanceof Error ? `: ${cause.message}` : ""}`, { cause });
    this.name = "StoreUnavailableError";
  }
}

/** By name, not instanceof: Next.js may bundle this module more than once, each copy with its own class. */
export const isStoreUnavailable = (error: unknown): error is StoreUnavailableError =>
  error instanceof Error && error.name === "StoreUnavailableError";
