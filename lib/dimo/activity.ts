import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { ACTIVITY_LIMIT } from "@/lib/activity-filters";
import { type ActivityEntry } from "@/lib/models";
import { processWide } from "@/lib/process-wide";

/**
 * The API activity log: one entry per call the DIMO client made, or chose not to make because a cached token
 * served it. Kept in memory (the last 500) for the developer-tools page. Entries never hold a secret: paths carry
 * no query secrets, tokens appear only as their kind and vehicle.
 */

export type ActivityInput = Omit<ActivityEntry, "id">;
export type ActivityListener = (entry: ActivityEntry) => void;


// The log is one per process, however many copies of this module Next.js loads.
const store = processWide("activity", () => ({
  entries: [] as ActivityEntry[],
  listeners: new Set<ActivityListener>(),
  sequence: 0,
  scope: new AsyncLocalStorage<number>(),
}));
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
