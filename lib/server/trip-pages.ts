import "server-only";
import type { TripsPage } from "@/lib/models";

/**
 * Walks every page of a vehicle's trips with bounded concurrency: up to `concurrency` pages are requested at once,
 * and pages are handed on in order (a fast later page waits for a slow earlier one, so at most `concurrency` pages
 * are ever held). An aborted signal stops the walk before the next request; the few already in flight are left to
 * finish and ignored.
 */

export interface WalkOptions {
  concurrency?: number;
  /** A safety stop against a runaway vehicle: 5,000 pages (500,000 trips) by default. */
  maxPages?: number;
  signal?: AbortSignal;
  /** Called once, after page 1, with the page count the service reported. */
  onStart?: (totalPages: number) => void | Promise<void>;
  onPage: (page: TripsPage, pageNumber: number) => void | Promise<void>;
  /**
   * Ends the walk after a page for which it answers true: the pages after it are older, and not wanted (a time
   * window's start has been passed). The few already requested are left to finish and ignored.
   */
  stopAfter?: (page: TripsPage) => boolean;
}

export interface WalkSummary {
  pages: number;
  trips: number;
  /** The vehicle had more pages than maxPages; the rest were not fetched. */
  truncated: boolean;
  /** stopAfter ended the walk before the last page. */
  stopped?: true;
}

export const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_PAGES = 5_000;

export async function walkTripPages(
  fetchPage: (page: number) => Promise<TripsPage>,
  options: WalkOptions,
): Promise<WalkSummary> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const { signal } = options;
  signal?.throwIfAborted();

  const first = await fetchPage(1);
  const reported = Math.max(1, first.totalPages);
  const lastPage = Math.min(reported, options.maxPages ?? DEFAULT_MAX_PAGES);
  await options.onStart?.(first.totalPages);
  signal?.throwIfAborted();
  await options.onPage(first, 1);
  let trips = first.trips.length;
  const stoppedAt = (pages: number) => ({ pages, trips, truncated: false, stopped: true as const });
  if (lastPage > 1 && options.stopAfter?.(first)) return stoppedAt(1);

  const inFlight = new Map<number, Promise<TripsPage>>();
  let nextToRequest = 2;
  for (let nextToHand = 2; nextToHand <= lastPage; nextToHand++) {
    while (nextToRequest <= lastPage && nextToRequest < nextToHand + concurrency) {
      signal?.throwIfAborted();
      const request = fetchPage(nextToRequest);
      // Awaited in order below; until then a failure must not count as unhandled.
      request.catch(() => undefined);
      inFlight.set(nextToRequest, request);
      nextToRequest++;
    }
    const request = inFlight.get(nextToHand);
    if (!request) throw new Error(`page ${nextToHand} was never requested`);
    const page = await request;
    inFlight.delete(nextToHand);
    signal?.throwIfAborted();
    await options.onPage(page, nextToHand);
    trips += page.trips.length;
    if (nextToHand < lastPage && options.stopAfter?.(page)) return stoppedAt(nextToHand);
  }
  return { pages: first.totalPages === 0 ? 0 : lastPage, trips, truncated: lastPage < reported };
}
