import { type OfferSet } from "@/lib/models";

/**
 * Offer sets lapse on their own (7 days after the request). The page shows a set as expired the moment its
 * `expiresAt` passes on the viewer's clock, without waiting for the next fetch; a set the server already sent as
 * expired (the real service keeps the latest one) stays on screen as expired.
 */

/** Whether the set has lapsed at `nowMs`; a set whose expiry cannot be read counts as lapsed. */
export function isExpired(set: OfferSet, nowMs: number): boolean {
  const expiresMs = Date.parse(set.expiresAt);
  return set.expired || Number.isNaN(expiresMs) || expiresMs <= nowMs;
}

/** The sets still open at `nowMs`. */
export function openOfferSets(sets: readonly OfferSet[], nowMs: number): OfferSet[] {
  return sets.filter((set) => !isExpired(set, nowMs));
}

/**
 * A key naming the sets the server sent as open that have lapsed since, at `nowMs`, or null when none has. The page
 * refetches once per key, so a server whose clock lags the viewer's cannot make it refetch in a loop.
 */
export function lapsedSetsKey(sets: readonly OfferSet[], nowMs: number): string | null {
  const lapsed = sets
    .filter((set) => !set.expired && isExpired(set, nowMs))
    .map((set) => `${set.updated}/${set.expiresAt}`);
  return lapsed.length === 0 ? null : lapsed.join("|");
}

/** How many ms are left before the set lapses; 0 once it has. */
export function msUntilExpiry(set: OfferSet, nowMs: number): number {
  if (set.expired) return 0;
  const expiresMs = Date.parse(set.expiresAt);
  return Number.isNaN(expiresMs) ? 0 : Math.max(0, expiresMs - nowMs);
}
