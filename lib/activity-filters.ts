/** Filters over the API activity log (the server's activity entries), shared by the developer tools and the activity route. */

import type { ActivityEntry } from "@/lib/models";
import { DIMO_SERVICES, type DimoService } from "@/lib/protocol";

/** How many of the latest calls the log keeps, and the developer tools show. */
export const ACTIVITY_LIMIT = 500;

export const STATUS_CLASSES = ["2xx", "4xx", "5xx", "failed"] as const;
export const CACHE_STATES = ["hit", "miss", "none"] as const;

export type StatusClass = (typeof STATUS_CLASSES)[number];
export type CacheState = (typeof CACHE_STATES)[number];

export interface ActivityFilters {
  service: DimoService | null;
  status: StatusClass | null;
  cache: CacheState | null;
}

const pick = <T extends string>(allowed: readonly T[], value: string | null | undefined): T | null =>
  value !== null && value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : null;

/** Filters from URL parameters; an unknown value means "all" rather than an empty list. */
export function parseActivityFilters(params: { get(name: string): string | null }): ActivityFilters {
  return {
    service: pick(DIMO_SERVICES, params.get("service")),
    status: pick(STATUS_CLASSES, params.get("status")),
    cache: pick(CACHE_STATES, params.get("cache")),
  };
}

/** "failed" is every call that ended in an error, with an HTTP status or without one (a timeout, a refused connection). */
export function statusClassOf(record: Pick<ActivityEntry, "status" | "error">): StatusClass[] {
  const classes: StatusClass[] = [];
  if (record.status !== null && record.status >= 200 && record.status < 300) classes.push("2xx");
  if (record.status !== null && record.status >= 400 && record.status < 500) classes.push("4xx");
  if (record.status !== null && record.status >= 500) classes.push("5xx");
  if (record.error !== undefined) classes.push("failed");
  return classes;
}

export function matchesFilters(record: ActivityEntry, filters: ActivityFilters): boolean {
  if (filters.service !== null && record.service !== filters.service) return false;
  if (filters.status !== null && !statusClassOf(record).includes(filters.status)) return false;
  if (filters.cache !== null && record.cache !== filters.cache) return false;
  return true;
}

/** A vehicle's own calls and the shared calls (the Developer JWT's) that served them. */
export function concernsVehicle(record: Pick<ActivityEntry, "tokenId" | "forTokenId">, tokenId: number): boolean {
  return record.tokenId === tokenId || record.forTokenId === tokenId;
}

/** Newest first, at most `limit`. Ids sort by time, then by sequence, so they order entries that share a millisecond. */
export function newestFirst(records: readonly ActivityEntry[], limit: number): ActivityEntry[] {
  return [...records].sort((a, b) => (a.at === b.at ? compareIds(b.id, a.id) : b.at.localeCompare(a.at))).slice(0, limit);
}

function compareIds(a: string, b: string): number {
  const [timeA = "", seqA = ""] = a.split("-");
  const [timeB = "", seqB = ""] = b.split("-");
  return parseInt(timeA, 36) - parseInt(timeB, 36) || parseInt(seqA, 36) - parseInt(seqB, 36);
}
