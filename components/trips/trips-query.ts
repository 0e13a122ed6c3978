import { queryOptions } from "@tanstack/react-query";
import type { TripsPage } from "@/lib/models";
import type { DaySearchResult } from "@/lib/server/trip-day-search";
import { fetchJson } from "@/lib/result";

/** React-query keys of the trips pages, shared by the server prefetch and the browser. */
export const tripsKeys = {
  all: (tokenId: number) => ["trips", tokenId] as const,
  page: (tokenId: number, page: number) => ["trips", tokenId, "page", page] as const,
};

/**
 * One page through the dashboard's trips route (app/api/vehicles/[tokenId]/trips). A failure throws an AppFailure in
 * the route's words; its code tells a missing privilege from an outage.
 */
export function tripsPageQuery(tokenId: number, page: number) {
  return queryOptions({
    queryKey: tripsKeys.page(tokenId, page),
    queryFn: ({ signal }) =>
      fetchJson<TripsPage>(`/api/vehicles/${tokenId}/trips?page=${page}`, { signal, cache: "no-store" }),
  });
}

/** The page holding a day (`[from, to)`, ISO times), through the dashboard's trips day route. Asked on a click. */
export function fetchTripsDay(tokenId: number, day: { from: string; to: string }): Promise<DaySearchResult> {
  const query = new URLSearchParams(day);
  return fetchJson<DaySearchResult>(`/api/vehicles/${tokenId}/trips/day?${query}`, { cache: "no-store" });
}
