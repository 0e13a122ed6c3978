/** Filters over the API activity log (the server's activity entries), shared by the developer tools and the activity route. */

import type { ActivityEntry } from "@/lib/models";
import { DIMO_SERVICES, type DimoService, SERVICE_LABELS } from "@/lib/protocol";

/** How many of the latest calls the log keeps, and the developer tools show. */
export const ACTIVITY_LIMIT = 500;

export const STATUS_CLASSES = ["2xx", "4xx", "5xx", "failed"] as const;
/** "all" shows cache hits among the network calls; without a cache filter the log shows network calls only. */
export const CACHE_STATES = ["all", "hit", "miss", "none"] as const;

/** How many rows the developer tools render at once; the rest are a page away. */
export const ACTIVITY_PAGE_SIZE = 50;

export type StatusClass = (typeof STATUS_CLASSES)[number];
type CacheState = (typeof CACHE_STATES)[number];

export interface ActivityFilters {
  service: DimoService | null;
  status: StatusClass | null;
  /** null: the network calls, with cache hits (no request sent) folded into a count. */
  cache: CacheState | null;
  /** Words to search for (see matchesSearch); "" for none. */
  q: string;
}

/** The longest search the URL may carry; longer text is cut rather than refused. */
const SEARCH_MAX = 200;

const pick = <T extends string>(allowed: readonly T[], value: string | null | undefined): T | null =>
  value !== null && value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : null;

/** Filters from URL parameters; an unknown value means "all" rather than an empty list. */
export function parseActivityFilters(params: { get(name: string): string | null }): ActivityFilters {
  return {
    service: pick(DIMO_SERVICES, params.get("service")),
    status: pick(STATUS_CLASSES, params.get("status")),
    cache: pick(CACHE_STATES, params.get("cache")),
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX),
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
  if (filters.cache === null && record.cache === "hit") return false;
  if (filters.cache !== null && filters.cache !== "all" && record.cache !== filters.cache) return false;
  return matchesSearch(record, filters.q);
}

/**
 * The cache hits the default view folds away: those that match every other filter. Zero when a cache filter is
 * chosen, since that view shows hits as rows (or none at all).
 */
export function foldedCacheHits(records: readonly ActivityEntry[], filters: ActivityFilters): number {
  if (filters.cache !== null) return 0;
  return records.filter((record) => record.cache === "hit" && matchesFilters(record, { ...filters, cache: "hit" }))
    .length;
}

const SEARCH_FIELDS = ["vehicle", "service", "status", "path"] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

function matchesTerm(record: ActivityEntry, field: SearchField, term: string): boolean {
  switch (field) {
    case "vehicle":
      return String(record.tokenId ?? "") === term || String(record.forTokenId ?? "") === term;
    case "service":
      return record.service.toLowerCase().includes(term) || SERVICE_LABELS[record.service].toLowerCase().includes(term);
    case "status":
      return String(record.status ?? "") === term || (statusClassOf(record) as string[]).includes(term);
    case "path":
      return record.path.toLowerCase().includes(term);
  }
}

/**
 * Whether a call matches a search: every word must match. `vehicle:7`, `service:trips`, `status:503` (or `5xx`,
 * `failed`) and `path:/v1` look in one field; a bare word matches any of them (a number as a vehicle or a status).
 */
export function matchesSearch(record: ActivityEntry, query: string): boolean {
  const terms = query
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== "");
  return terms.every((term) => {
    const [, field, value] = /^(\w+):(.+)$/.exec(term) ?? [];
    if (field !== undefined && value !== undefined && (SEARCH_FIELDS as readonly string[]).includes(field)) {
      return matchesTerm(record, field as SearchField, value);
    }
    return SEARCH_FIELDS.some((name) => matchesTerm(record, name, term));
  });
}

/** A vehicle's own calls and the shared calls (the Developer JWT's) that served them. */
export function concernsVehicle(record: Pick<ActivityEntry, "tokenId" | "forTokenId">, tokenId: number): boolean {
  return record.tokenId === tokenId || record.forTokenId === tokenId;
}

/** Newest first, at most `limit`. Ids sort by time, then by sequence, so they order entries that share a millisecond. */
export function newestFirst(records: readonly ActivityEntry[], limit: number): ActivityEntry[] {
  return [...records]
    .sort((a, b) => (a.at === b.at ? compareIds(b.id, a.id) : b.at.localeCompare(a.at)))
    .slice(0, limit);
}

function compareIds(a: string, b: string): number {
  const [timeA = "", seqA = ""] = a.split("-");
  const [timeB = "", seqB = ""] = b.split("-");
  return parseInt(timeA, 36) - parseInt(timeB, 36) || parseInt(seqA, 36) - parseInt(seqB, 36);
}
