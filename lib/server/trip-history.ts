import "server-only";
import type { LRUCache } from "lru-cache";
import type { Trip, TripsPage } from "@/lib/models";
import { processWideCache } from "@/lib/process-wide";
import { TRIPS_PAGE_SIZE } from "@/lib/protocol";
import { type WalkOptions, type WalkSummary, walkTripPages } from "./trip-pages";

/**
 * Every trip of a vehicle, kept once fetched. Finished trips do not change and new ones arrive at the front of the
 * newest-first pages, so a vehicle seen before is brought up to date by reading from page 1 until the pages reach a
 * trip already known: an unchanged vehicle costs one request instead of one per page (1,000 for 100,000 trips, two
 * minutes at DIMO's rate limit).
 */

export interface TripHistoryStore {
  get(tokenId: number): Trip[] | undefined;
  set(tokenId: number, trips: Trip[]): void;
}

/** How many trips the kept histories hold in all, a trip being a few hundred bytes. */
const KEPT_TRIPS_MAX = 250_000;

/**
 * How the kept histories are bounded: by the number of trips they hold in all. Past the bound the vehicles read least
 * recently go first, and a history larger than the bound on its own is not kept at all. None expires, since each read
 * brings a history up to date against the service's first page.
 */
export function keptTripsBound(maxTrips = KEPT_TRIPS_MAX): LRUCache.Options<number, Trip[], unknown> {
  // lru-cache refuses a size of 0: a vehicle without trips weighs as one.
  return { maxSize: maxTrips, sizeCalculation: (trips) => Math.max(1, trips.length) };
}

/** More new pages than this since the last sync, and a full walk (with its concurrency) is the quicker way. */
const MAX_CATCH_UP_PAGES = 5;

const pagesFor = (trips: number) => Math.ceil(trips / TRIPS_PAGE_SIZE);

/** Every trip fetched so far, per vehicle: one store per process, shared by the all-trips walks and the day search. */
export const keptTripHistory = () => processWideCache<number, Trip[]>("trip-history", keptTripsBound());

/**
 * Page `page` of a kept history as the service would answer it, when the history is current: its newest trip is the
 * one the service's page 1 starts with and it fills as many pages as the service counts. Null otherwise.
 */
export function pageFromHistory(
  known: readonly Trip[] | undefined,
  firstPage: TripsPage,
  page: number,
): TripsPage | null {
  if (
    !known ||
    known.length === 0 ||
    known[0]?.id !== firstPage.trips[0]?.id ||
    pagesFor(known.length) !== firstPage.totalPages
  )
    return null;
  return {
    trips: known.slice((page - 1) * TRIPS_PAGE_SIZE, page * TRIPS_PAGE_SIZE),
    totalPages: firstPage.totalPages,
    currentPage: page,
  };
}

/** The known history as the service would page it now. */
async function replay(trips: Trip[], options: WalkOptions): Promise<WalkSummary> {
  const totalPages = pagesFor(trips.length);
  await options.onStart?.(totalPages);
  for (let page = 1; page <= totalPages; page++) {
    options.signal?.throwIfAborted();
    const slice = trips.slice((page - 1) * TRIPS_PAGE_SIZE, page * TRIPS_PAGE_SIZE);
    const current = { trips: slice, totalPages, currentPage: page };
    await options.onPage(current, page);
    if (page < totalPages && options.stopAfter?.(current))
      return { pages: page, trips: page * TRIPS_PAGE_SIZE, truncated: false, stopped: true };
  }
  return { pages: totalPages, trips: trips.length, truncated: false };
}

/** The trips newer than `known`, read from page 1 on; null when they run past the catch-up limit or do not add up. */
async function catchUp(
  fetchPage: (page: number) => Promise<TripsPage>,
  known: Trip[],
  signal?: AbortSignal,
): Promise<Trip[] | null> {
  const newestKnown = known[0]?.id;
  const fresh: Trip[] = [];
  for (let page = 1; page <= MAX_CATCH_UP_PAGES; page++) {
    signal?.throwIfAborted();
    const { trips, totalPages } = await fetchPage(page);
    const seam = trips.findIndex((trip) => trip.id === newestKnown);
    fresh.push(...(seam < 0 ? trips : trips.slice(0, seam)));
    // The seam found and the counts agree with the service's: the history is current.
    if (seam >= 0) return pagesFor(fresh.length + known.length) === totalPages ? fresh : null;
    if (page >= totalPages) return null;
  }
  return null;
}

/**
 * Walks a vehicle's trips like walkTripPages, from the store when it knows the vehicle (after bringing it up to
 * date), else from the service, keeping the complete result. A walk cut short (aborted, failed, truncated, stopped)
 * keeps nothing, so the store only ever holds whole histories.
 */
export async function walkTripHistory(
  tokenId: number,
  fetchPage: (page: number) => Promise<TripsPage>,
  store: TripHistoryStore,
  options: WalkOptions,
): Promise<WalkSummary> {
  const known = store.get(tokenId);
  if (known && known.length > 0) {
    const fresh = await catchUp(fetchPage, known, options.signal);
    if (fresh) {
      const current = fresh.length > 0 ? [...fresh, ...known] : known;
      if (fresh.length > 0) store.set(tokenId, current);
      return replay(current, options);
    }
  }
  const collected: Trip[] = [];
  const summary = await walkTripPages(fetchPage, {
    ...options,
    onPage: (page, pageNumber) => {
      collected.push(...page.trips);
      return options.onPage(page, pageNumber);
    },
  });
  // Only a whole history is kept: a walk stopped at a time window's start is not one.
  if (!summary.truncated && !summary.stopped) store.set(tokenId, collected);
  return summary;
}
