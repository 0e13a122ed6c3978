/**
 * The shared-state interfaces: small on purpose, so that a Redis implementation can serve several dashboard
 * instances behind the same calls (each maps to one Redis command). Keys are namespaced by the caller.
 */

export interface KeyValueStore {
  /** The value, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Stores a value that disappears after ttlMs (Redis: SET key value PX ttl). */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores only when the key is absent; true when this call stored it (Redis: SET key value NX PX ttl). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
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
