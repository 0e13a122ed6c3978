import "server-only";
import { MemoryCounterStore, MemoryKeyValueStore } from "./memory";
import type { CounterStore, KeyValueStore } from "./types";

export type { CounterStore, KeyValueStore, WindowCount } from "./types";

interface SharedStores {
  keyValue: KeyValueStore;
  counters: CounterStore;
}

// On globalThis: Next.js may load this module once per route bundle, and the state must be one per process.
const STORES = Symbol.for("dimo-dashboard.stores");
const holder = globalThis as typeof globalThis & { [STORES]?: SharedStores };

/** The process's shared-state stores: in memory for one instance (a Redis-backed pair will sit behind this). */
export function getStores(): SharedStores {
  return (holder[STORES] ??= { keyValue: new MemoryKeyValueStore(), counters: new MemoryCounterStore() });
}
