import { queryOptions } from "@tanstack/react-query";
import type { DrivingEvents, TripsPage } from "@/lib/models";
import type { DaySearchResult } from "@/lib/trip-day-search";
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

/**
 * The driving events of a trips page: one request over the page's span (app/api/vehicles/[tokenId]/trips/events),
 * shared out among its trips by time. Keys hold the span, so a page's events are read once.
 */
const tripEventsKeys = {
  span: (tokenId: number, from: string, to: string) => ["trip-events", tokenId, from, to] as const,
};

export function tripEventsQuery(tokenId: number, span: { from: string; to: string }) {
  const search = new URLSearchParams(span);
  return queryOptions({
    queryKey: tripEventsKeys.span(tokenId, span.from, span.to),
    queryFn: ({ signal }) =>
      fetchJson<DrivingEvents>(`/api/vehicles/${tokenId}/trips/events?${search}`, { signal, cache: "no-store" }),
    staleTime: 5 * 60_000,
  });
}
