import "server-only";
import { randomUUID } from "node:crypto";
import type { KeyValueStore } from "@/lib/store/types";
import { sleep } from "./retry";

/**
 * Shares one in-flight promise among concurrent callers with the same key: fifty requests that need the same token
 * at once cause one exchange. The key is released when the promise settles, so a failure is not remembered.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing;
    // Starting the work a microtask later puts the promise in the map before the work can settle.
    const promise: Promise<T> = Promise.resolve()
      .then(work)
      .finally(() => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, promise);
    return promise;
  }

  has(key: string): boolean {
    return this.inFlight.has(key);
  }
}

export interface FleetFlightOptions<T> {
  /** The lock's store, shared by every instance (or this process's memory). */
  locks: KeyValueStore;
  /** How long a holder may keep the lock; a crashed holder blocks nobody for longer. */
  lockTtlMs: number;
  /** The holder's result where every instance can read it (the token cache), or undefined while there is none. */
  result: () => Promise<T | undefined>;
  /** How often a waiter looks for the result; 25 ms by default. */
  pollMs?: number;
}

/**
 * One run of `work` at a time across every instance that shares `locks`: the caller that takes the lock (SET NX PX)
 * runs it; the others wait, as long as the lock stands (its expiry at most), for the holder's result to appear. When
 * the lock goes without a result (the holder failed or crashed), the next waiter takes the lock and runs `work` itself.
 * Put a SingleFlight in front, so that each instance has one waiter per key, not one per request.
 */
export async function runOnceFleetWide<T>(
  key: string,
  work: () => Promise<T>,
  options: FleetFlightOptions<T>,
): Promise<T> {
  const { locks, lockTtlMs, result, pollMs = 25 } = options;
  const lockKey = `lock:${key}`;
  const holder = randomUUID();
  for (;;) {
    if (await locks.setIfAbsent(lockKey, holder, lockTtlMs)) {
      try {
        // The previous holder may have finished between this caller's look and its lock.
        return (await result()) ?? (await work());
      } finally {
        await locks.deleteIfEquals(lockKey, holder).catch(() => false);
      }
    }
    do {
      await sleep(pollMs);
      const value = await result();
      if (value !== undefined) return value;
    } while ((await locks.get(lockKey)) !== null);
  }
}
