import "server-only";
import { getConfig } from "@/lib/config";
import { getDimoClient } from "@/lib/dimo";
import type { TripsPage } from "@/lib/models";
import { processWide } from "@/lib/process-wide";
import { type KeyValueStore, getStores } from "@/lib/store";

/**
 * The trips pages read last, kept a short while, so that the trips map's paths route serves the page the page read
 * (or the browser's prefetch) has just fetched instead of asking the Trips API for it again.
 *
 * Kept in the shared store's tolerant key-value store: in Redis when REDIS_URL is set, so the paths request finds the
 * page whichever instance read it (behind a load balancer the page and its paths often reach different instances);
 * in this process's memory otherwise, and during a Redis outage, when an instance that misses simply asks DIMO.
 *
 * Keyed by the license, the vehicle and the page number. Every signed-in person acts for the license and reads its
 * vehicles with its tokens, so a page is the same whoever asked for it; the session is checked by the guarded read in
 * front of this, and the grant before a kept page is served.
 */

/**
 * How long a page is kept. The paths request follows its page read within seconds; this bound covers a slow browser
 * with room to spare and keeps the page no longer than the browser's query client treats a page as fresh, so the
 * routes never describe a page older than the list the browser may still be showing. New trips shift the pages, so
 * a page kept longer could hold trips that have moved to the next one.
 */
export const RECENT_PAGE_TTL_MS = 60_000;

export class RecentTripPages {
  constructor(
    private readonly store: KeyValueStore,
    private readonly clientId: string,
    private readonly ttlMs = RECENT_PAGE_TTL_MS,
  ) {}

  private key(tokenId: number, page: number): string {
    return `trips-page:${this.clientId.toLowerCase()}:${tokenId}:${page}`;
  }

  async remember(tokenId: number, page: number, value: TripsPage): Promise<void> {
    await this.store.set(this.key(tokenId, page), JSON.stringify(value), this.ttlMs);
  }

  /** The page as last read, or null when none was read within the lifetime (or what is kept cannot be read). */
  async recall(tokenId: number, page: number): Promise<TripsPage | null> {
    const text = await this.store.get(this.key(tokenId, page));
    if (text === null) return null;
    try {
      const value = JSON.parse(text) as Partial<TripsPage>;
      return Array.isArray(value.trips) && typeof value.totalPages === "number" ? (value as TripsPage) : null;
    } catch {
      return null;
    }
  }

  async forget(tokenId: number, page: number): Promise<void> {
    await this.store.delete(this.key(tokenId, page));
  }
}

const recentTripPages = () =>
  processWide(
    "recent-trip-pages",
    () => new RecentTripPages(getStores().tolerant.keyValue, getConfig().license.clientId),
  );

/**
 * One page read from the Trips API, always, and kept for the paths route. A failed read forgets what was kept for the
 * page, so nothing read before a failure stands in for the page, and the next read of any kind asks DIMO again.
 */
export async function readTripsPage(tokenId: number, page: number): Promise<TripsPage> {
  const recent = recentTripPages();
  let value: TripsPage;
  try {
    value = await getDimoClient().listTrips(tokenId, page);
  } catch (error) {
    await recent.forget(tokenId, page);
    throw error;
  }
  await recent.remember(tokenId, page, value);
  return value;
}

/**
 * The page as the last read within RECENT_PAGE_TTL_MS answered it, else read from the Trips API (and kept). The
 * grant is checked first either way, so a vehicle whose trips may no longer be read is refused as DIMO would refuse it.
 */
export async function recentTripsPage(tokenId: number, page: number): Promise<TripsPage> {
  await getDimoClient().assertCanUse(tokenId, "trips");
  return (await recentTripPages().recall(tokenId, page)) ?? readTripsPage(tokenId, page);
}
