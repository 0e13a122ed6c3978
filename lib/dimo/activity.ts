import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { ACTIVITY_LIMIT } from "@/lib/activity-filters";
import { type ActivityEntry } from "@/lib/models";
import { type DimoService } from "@/lib/protocol";
import { processWide } from "@/lib/process-wide";
import type { CappedLogStore, ChannelStore } from "@/lib/store/types";
import { type CreditSpend, CreditSpendLog } from "./credits-log";

/**
 * The API activity log: one entry per call the DIMO client made, or chose not to make because a cached token
 * served it. Kept in memory (the last ACTIVITY_LIMIT) for the developer-tools page. Entries never hold a secret:
 * paths carry no query secrets, tokens appear only as their kind and vehicle.
 *
 * With several instances the log is also shared (share()): every entry goes to a capped log in the shared store, so
 * its size limit is fleet-wide, and to a channel, so each instance's live view follows every instance's calls.
 * Each entry carries its credits (credits-log.ts), and the charged ones are also kept, in short, for longer.
 */

export type ActivityInput = Omit<ActivityEntry, "id">;
export type ActivityListener = (entry: ActivityEntry) => void;

const SHARED_LOG = "activity";
const SHARED_CHANNEL = "activity:live";

export class ActivityLog {
  private readonly entries: ActivityEntry[] = [];
  private readonly kept = new Set<string>();
  private readonly listeners = new Set<ActivityListener>();
  private shared: { logs: CappedLogStore; channels: ChannelStore; stop: () => void } | undefined;
  readonly spending = new CreditSpendLog();

  /** Keeps an entry (the last ACTIVITY_LIMIT), tells the subscribers, and hands it to the other instances. */
  record(entry: ActivityEntry): void {
    this.keep(entry);
    this.spending.record(entry);
    if (!this.shared) return;
    const text = JSON.stringify(entry);
    // The call being logged never waits on the shared store; a lost entry is better than a slow request.
    this.shared.logs.append(SHARED_LOG, text, ACTIVITY_LIMIT).catch(() => {});
    this.shared.channels.publish(SHARED_CHANNEL, text).catch(() => {});
  }

  /** The most recent entries this instance knows of, oldest first. */
  list(): ActivityEntry[] {
    return this.entries.slice();
  }

  /** The fleet's most recent entries, oldest first: the shared log when there is one and it answers. */
  async read(): Promise<ActivityEntry[]> {
    if (!this.shared) return this.list();
    try {
      return (await this.shared.logs.list(SHARED_LOG)).flatMap((text) => parseEntry(text) ?? []);
    } catch {
      return this.list();
    }
  }

  /** Calls `listener` with every new entry (every instance's, once shared); returns the function that stops it. */
  subscribe(listener: ActivityListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** How many subscribers are listening (tests: a closed stream must stop listening). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Empties the log (tests, and a "clear" button later). */
  clear(): void {
    this.entries.length = 0;
    this.kept.clear();
    this.spending.clear();
    this.shared?.logs.clear(SHARED_LOG).catch(() => {});
  }

  /** From now on, shares entries with every instance using the same stores. */
  share(stores: { logs: CappedLogStore; channels: ChannelStore }): void {
    this.shared?.stop();
    const stop = stores.channels.subscribe(SHARED_CHANNEL, (text) => {
      const entry = parseEntry(text);
      // This instance's own entries come back too: the id says it has them already.
      if (entry && !this.kept.has(entry.id)) this.keep(entry);
    });
    this.shared = { ...stores, stop };
    this.spending.share(stores.logs);
  }

  private keep(entry: ActivityEntry): void {
    this.entries.push(entry);
    this.kept.add(entry.id);
    if (this.entries.length > ACTIVITY_LIMIT) {
      for (const dropped of this.entries.splice(0, this.entries.length - ACTIVITY_LIMIT)) this.kept.delete(dropped.id);
    }
    for (const listener of this.listeners) {
      try {
        listener(entry);
      } catch {
        // A broken listener (a closed stream, say) must not break the call being logged.
      }
    }
  }
}

function parseEntry(text: string): ActivityEntry | null {
  try {
    const entry = JSON.parse(text) as ActivityEntry;
    return typeof entry.id === "string" ? entry : null;
  } catch {
    return null;
  }
}

// The log is one per process, however many copies of this module Next.js loads.
const store = processWide("activity", () => ({
  log: new ActivityLog(),
  sequence: 0,
  // Tells this process's ids from every other instance's.
  instance: randomBytes(4).toString("hex"),
  scope: new AsyncLocalStorage<number>(),
}));

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

/** An id unique across every instance, sortable by time. */
export function newActivityId(): string {
  store.sequence += 1;
  return `${Date.now().toString(36)}-${store.instance}-${store.sequence.toString(36)}`;
}

/**
 * The entry for a call a cache answered (a token, a vehicle's grant): the request it stood in for, with no attempt,
 * status or time spent, so the developer tools show what was saved beside the calls made.
 */
export function cacheHitEntry(call: {
  at: number;
  method: string;
  service: DimoService;
  baseUrl: string;
  path: string;
  tokenKind?: ActivityEntry["tokenKind"];
  tokenId?: number;
}): ActivityInput {
  const { at, method, service, baseUrl, path, tokenKind, tokenId } = call;
  return {
    at: new Date(at).toISOString(),
    method,
    service,
    path,
    url: baseUrl.replace(/\/+$/, "") + path,
    status: null,
    durationMs: 0,
    attempts: 0,
    cache: "hit",
    ...(tokenKind !== undefined ? { tokenKind } : {}),
    ...(tokenId !== undefined ? { tokenId } : {}),
  };
}

/** The process's log. */
export const processActivityLog = (): ActivityLog => store.log;

export const recordActivity = (entry: ActivityEntry): void => store.log.record(entry);
export const listActivity = (): ActivityEntry[] => store.log.list();
export const readActivity = (): Promise<ActivityEntry[]> => store.log.read();
export const subscribeActivity = (listener: ActivityListener): (() => void) => store.log.subscribe(listener);
export const clearActivity = (): void => store.log.clear();
/** The charged calls still kept (far more than the activity log's entries), oldest first. */
export const readCreditSpending = (): Promise<CreditSpend[]> => store.log.spending.read();
