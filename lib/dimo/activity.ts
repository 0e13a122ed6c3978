import "server-only";
import { type DimoService } from "@/lib/config";

/**
 * The API activity log: one entry per call the DIMO client made, or chose not to make because a cached token
 * served it. Kept in memory (the last 500) for the developer-tools page. Entries never hold a secret: paths carry
 * no query secrets, tokens appear only as their kind and vehicle.
 */

export interface ActivityEntry {
  id: string;
  /** When the call started, ISO 8601. */
  at: string;
  method: string;
  service: DimoService;
  /** The path below the service's base address, with only harmless query parameters. */
  path: string;
  /** The full address, with the same query rule as `path`. */
  url: string;
  /** The last HTTP status seen; null when no response came back or no request was needed. */
  status: number | null;
  durationMs: number;
  /** HTTP attempts made; 0 for a cache hit. */
  attempts: number;
  /**
   * "hit": a cached token or vehicle grant served the call and no request was made; "miss": this request fetched a
   * token because none was cached; "none": a data call.
   */
  cache: "hit" | "miss" | "none";
  error?: string;
  tokenKind?: "developer" | "vehicle";
  tokenId?: number;
}

export type ActivityInput = Omit<ActivityEntry, "id">;
export type ActivityListener = (entry: ActivityEntry) => void;

export const ACTIVITY_LIMIT = 500;

// Kept on globalThis: Next.js may load this module once per route bundle, and the log must be one per process.
const shared = globalThis as typeof globalThis & {
  [key: symbol]: { entries: ActivityEntry[]; listeners: Set<ActivityListener>; sequence: number } | undefined;
};
const STORE = Symbol.for("dimo-dashboard.activity");
const store = (shared[STORE] ??= { entries: [], listeners: new Set(), sequence: 0 });
const { entries, listeners } = store;

/** A unique, sortable id for an entry. */
export function newActivityId(): string {
  store.sequence += 1;
  return `${Date.now().toString(36)}-${store.sequence.toString(36)}`;
}

/** Keeps an entry in the log (the last ACTIVITY_LIMIT) and tells the subscribers. */
export function recordActivity(entry: ActivityEntry): void {
  entries.push(entry);
  if (entries.length > ACTIVITY_LIMIT) entries.splice(0, entries.length - ACTIVITY_LIMIT);
  for (const listener of listeners) {
    try {
      listener(entry);
    } catch {
      // A broken listener (a closed stream, say) must not break the call being logged.
    }
  }
}

/** The most recent entries, oldest first. */
export function listActivity(): ActivityEntry[] {
  return entries.slice();
}

/** Calls `listener` with every new entry; returns the function that stops it. */
export function subscribeActivity(listener: ActivityListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Empties the log (tests, and a "clear" button later). */
export function clearActivity(): void {
  entries.length = 0;
}
