import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { type DimoService } from "@/lib/config";

/**
 * The API activity log: one entry per call the DIMO client made, or chose not to make because a cached token
 * served it. Kept in memory (the last 500) for the developer-tools page. Entries never hold a secret: paths carry
 * no query secrets, tokens appear only as their kind and vehicle.
 */

/**
 * What it takes to send the same request again (the developer tools' "copy as cURL"), minus every secret: the
 * bearer token is named by its kind only, and a request whose body or query carried a signature, a state or anything
 * else the log does not keep is marked as not replayable instead.
 */
export interface ActivityReplay {
  /** Request headers that carry no secret (Accept, Content-Type). Never Authorization. */
  headers: Record<string, string>;
  /** The exact body sent, when it carries no secret. */
  body?: string;
  /** The kind of token sent as `Authorization: Bearer`, when one was. */
  bearer?: "developer" | "vehicle";
  /** Null when the request can be sent again as logged; otherwise why not, in words. */
  notReplayable: string | null;
}

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
  /** For a shared call (the Developer JWT's challenge flow or cache hit): the vehicle whose token exchange it served. */
  forTokenId?: number;
  /** Absent for cache hits, which sent nothing. */
  replay?: ActivityReplay;
  /** A raw token copied by a person (method "COPY"): who copied it, and the token's fingerprint (never the token). */
  copiedBy?: `0x${string}`;
  tokenFingerprint?: string;
}

export type ActivityInput = Omit<ActivityEntry, "id">;
export type ActivityListener = (entry: ActivityEntry) => void;

export const ACTIVITY_LIMIT = 500;

// Kept on globalThis: Next.js may load this module once per route bundle, and the log must be one per process.
const shared = globalThis as typeof globalThis & {
  [key: symbol]:
    | { entries: ActivityEntry[]; listeners: Set<ActivityListener>; sequence: number; scope: AsyncLocalStorage<number> }
    | undefined;
};
const STORE = Symbol.for("dimo-dashboard.activity");
const store = (shared[STORE] ??= { entries: [], listeners: new Set(), sequence: 0, scope: new AsyncLocalStorage() });
const { entries, listeners } = store;

/**
 * Runs `work` on behalf of one vehicle, so that the shared calls it causes (fetching or reusing the Developer JWT for
 * the vehicle's token exchange) can be shown beside that vehicle's own calls. When several vehicles wait on one
 * in-flight Developer JWT, its calls are credited to the vehicle that started it.
 */
export function onBehalfOfVehicle<T>(tokenId: number, work: () => Promise<T>): Promise<T> {
  return store.scope.run(tokenId, work);
}

/** The vehicle the current call works for (see onBehalfOfVehicle), if any. */
export function currentVehicle(): number | undefined {
  return store.scope.getStore();
}

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
