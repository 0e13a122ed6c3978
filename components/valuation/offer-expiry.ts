import { type OfferSet } from "@/lib/models";

/**
 * Offer sets lapse on their own (7 days after the request). The page hides a set the moment its `expiresAt` passes
 * on the viewer's clock, without waiting for the next fetch.
 */

/** The sets still open at `nowMs`; a set whose expiry cannot be read counts as lapsed. */
export function openOfferSets(sets: readonly OfferSet[], nowMs: number): OfferSet[] {
  return sets.filter((set) => {
    const expiresMs = Date.parse(set.expiresAt);
    return !Number.isNaN(expiresMs) && expiresMs > nowMs;
  });
}

/**
 * A key naming the sets that have lapsed at `nowMs`, or null when none has. The page refetches once per key, so a
 * server whose clock lags the viewer's cannot make it refetch in a loop.
 */
export function lapsedSetsKey(sets: readonly OfferSet[], nowMs: number): string | null {
  const open = new Set(openOfferSets(sets, nowMs));
  const lapsed = sets.filter((set) => !open.has(set)).map((set) => `${set.updated}/${set.expiresAt}`);
  return lapsed.length === 0 ? null : lapsed.join("|");
}

/** How many ms are left before the set lapses; 0 once it has. */
export function msUntilExpiry(set: OfferSet, nowMs: number): number {
  const expiresMs = Date.parse(set.expiresAt);
  return Number.isNaN(expiresMs) ? 0 : Math.max(0, expiresMs - nowMs);
}
