import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type RawEvent, type RawEventPage, type RawEventTypeSummary } from "@/lib/models/raw-data";
import { fetchJson } from "@/lib/result";
import { type RawDataView, rawDataQuery } from "./raw-data-view";

/**
 * React-query keys and reads of a vehicle's raw data, through the dashboard's raw routes
 * (app/api/vehicles/[tokenId]/raw/{types,events,event,export}). A failure throws an AppFailure in the route's words.
 */
const rawDataKeys = {
  types: (tokenId: number) => ["raw-data", tokenId, "types"] as const,
  events: (tokenId: number, view: RawDataView) => ["raw-data", tokenId, "events", rawDataQuery(view)] as const,
  event: (tokenId: number, id: string, source: string) => ["raw-data", tokenId, "event", id, source] as const,
};

const base = (tokenId: number) => `/api/vehicles/${tokenId}/raw`;

export function rawTypesQuery(tokenId: number) {
  return queryOptions({
    queryKey: rawDataKeys.types(tokenId),
    queryFn: ({ signal }) => fetchJson<RawEventTypeSummary[]>(`${base(tokenId)}/types`, { signal, cache: "no-store" }),
  });
}

export function rawEventsQuery(tokenId: number, view: RawDataView) {
  return queryOptions({
    queryKey: rawDataKeys.events(tokenId, view),
    queryFn: ({ signal }) =>
      fetchJson<RawEventPage>(`${base(tokenId)}/events?${rawDataQuery(view)}`, { signal, cache: "no-store" }),
    placeholderData: keepPreviousData,
  });
}

/** The address of one event's JSON; with `download`, the same as a file. */
export function rawEventUrl(tokenId: number, id: string, source: string, download = false): string {
  const query = new URLSearchParams({ id, source });
  if (download) query.set("download", "1");
  return `${base(tokenId)}/event?${query.toString()}`;
}

export function rawEventQuery(tokenId: number, id: string, source: string) {
  return queryOptions({
    queryKey: rawDataKeys.event(tokenId, id, source),
    queryFn: ({ signal }) => fetchJson<RawEvent>(rawEventUrl(tokenId, id, source), { signal, cache: "no-store" }),
    // An event never changes once stored.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The download of the view's range as NDJSON (every page, not only the one shown). */
export function rawExportUrl(tokenId: number, view: RawDataView): string {
  const query = rawDataQuery({ filter: view.filter });
  return `${base(tokenId)}/export${query ? `?${query}` : ""}`;
}
