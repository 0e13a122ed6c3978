"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Layers, Loader2 } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { TripsMapSlot } from "@/components/map/trips-map-slot";
import { buttonClasses } from "@/components/ui/button";
import type { Trip } from "@/lib/models";
import { ALL_TRIPS_ASK_ABOVE_PAGES, TRIPS_PAGE_SIZE } from "@/lib/protocol";
import { allPagesCost } from "./all-trips-warning";
import { TimeZoneSwitch } from "@/components/ui/time-zone-switch";
import { TripList } from "./trip-list";
import { TripsDateJump } from "./trips-date-jump";
import { TripsExports } from "./trips-exports";
import { TripsPager } from "./trips-pager";
import { tripEventsQuery, tripsPageQuery } from "./trips-queries";
import { NoTrips, PastTheEnd, TripsError, TripsSkeleton } from "./trips-states";
import { useHydrated } from "@/lib/hooks/use-now";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { toAppError } from "@/lib/result";
import { markForTests } from "@/lib/test-hooks";
import { lngLatAt } from "@/lib/geo/path-stats";
import { TripDetail } from "./trip-detail";
import { eventSpanOf, eventsByTrip } from "./trip-events";
import { useReplay } from "./use-replay";
import { useTripPaths } from "./use-trip-paths";
import { useTripsUrl } from "./use-trips-url";

const NO_TRIPS: readonly Trip[] = [];

/** Marked (under test) when the list first became usable in this tab: read by the speed measurement. */
const INTERACTIVE_MARK = "trips-view:interactive";

/**
 * A vehicle's trips, one page at a time, beside a map of them. The page and the selected trip live in the URL; the
 * data in react-query, keyed by page: the previous page stays on screen while the next loads, and the page after
 * the current one is fetched ahead.
 */
export function TripsView({ tokenId, mapStyleUrl }: { tokenId: number; mapStyleUrl: string | undefined }) {
  const { page, tripId, at, hrefFor, goToPage, goToTrip, selectTrip, setReplayAt } = useTripsUrl();
  const queryClient = useQueryClient();
  const query = useQuery({ ...tripsPageQuery(tokenId, page), placeholderData: keepPreviousData });
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const hydrated = useHydrated();
  const time = useTimeFormat();
  const data = query.data;
  const settled = data !== undefined && !query.isPlaceholderData;
  const routes = useTripPaths(tokenId, settled && data.trips.length > 0 ? page : null);
  // One request for the page's driving events; without the privileges they need, the rows simply show none.
  const eventSpan = settled ? eventSpanOf(data.trips) : null;
  const events = useQuery({
    ...tripEventsQuery(tokenId, eventSpan ?? { from: "", to: "" }),
    enabled: eventSpan !== null,
    retry: false,
  });

  useEffect(() => {
    if (settled) markForTests(INTERACTIVE_MARK, { once: true });
  }, [settled]);

  useEffect(() => {
    if (settled && page < data.totalPages) void queryClient.prefetchQuery(tripsPageQuery(tokenId, page + 1));
  }, [settled, data, page, tokenId, queryClient]);

  const onSelect = useCallback((id: string | null) => selectTrip(id), [selectTrip]);
  const onReplayCommit = useCallback((ms: number) => setReplayAt(ms / 1000), [setReplayAt]);

  // The selected trip's route and its replay, shared by the map (marker) and the panel (cursor, controls).
  const trips = data?.trips ?? NO_TRIPS;
  const selectedId = tripId !== null && trips.some((trip) => trip.id === tripId) ? tripId : null;
  const selectedResult = selectedId === null ? undefined : routes.paths.get(selectedId);
  const selectedPath = selectedResult?.kind === "route" ? selectedResult.path : null;
  const routeStart = selectedPath?.times[0] ?? 0;
  const routeDuration = selectedPath ? (selectedPath.times.at(-1) ?? routeStart) - routeStart : 0;
  const replay = useReplay(
    `${selectedId ?? ""}:${selectedPath ? "route" : "none"}`,
    routeDuration,
    (at ?? 0) * 1000,
    onReplayCommit,
  );
  const replayLngLat = useMemo(
    () => (selectedPath ? lngLatAt(selectedPath, routeStart + replay.atMs) : null),
    [selectedPath, routeStart, replay.atMs],
  );
  const onHover = useCallback((id: string | null) => setHoveredId(id), []);
  const tripEvents = useMemo(() => eventsByTrip(trips, events.data?.events ?? []), [trips, events.data]);
  // The selected trip's events, placed on its route by their time.
  const selectedEvents = useMemo(
    () =>
      selectedPath && selectedId !== null
        ? (tripEvents.get(selectedId) ?? []).map((event) => ({
            name: event.name,
            lngLat: lngLatAt(selectedPath, Date.parse(event.timestamp)),
          }))
        : [],
    [selectedPath, selectedId, tripEvents],
  );

  if (query.isError && !data) {
    return <TripsError error={toAppError(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (!data) return <TripsSkeleton />;
  if (data.totalPages === 0) return <NoTrips />;

  const shownPage = settled ? page : null;
  const first = (page - 1) * TRIPS_PAGE_SIZE + 1;
  const selectedIndex = selectedId === null ? -1 : trips.findIndex((trip) => trip.id === selectedId);
  const selectedTrip = trips[selectedIndex];
  // Said politely to a screen reader when the selection changes, from the list or from the map.
  const announcement =
    selectedTrip && hydrated
      ? `Trip ${first + selectedIndex} selected, ${time.format(selectedTrip.start.time)} to ${time.format(selectedTrip.end.time)}; highlighted on the map.`
      : "";

  return (
    <section className="flex flex-col gap-4" data-testid="trips-view" data-hydrated={hydrated} aria-label="Trips">
      <p className="sr-only" aria-live="polite" data-testid="trips-announcement">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TripsPager page={page} totalPages={data.totalPages} hrefFor={hrefFor} onPage={goToPage} />
        <TripsDateJump tokenId={tokenId} onFound={goToTrip} />
        {/* The pager says the same ("1 of 25"): a phone keeps the line for the map. */}
        <p
          className="hidden items-center gap-2 text-sm text-muted-foreground sm:flex"
          data-testid="trips-summary"
          aria-live="polite"
        >
          {query.isFetching && !settled ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Page {page} of {data.totalPages}
          {settled && trips.length > 0
            ? ` · trips ${first.toLocaleString()}–${(first + trips.length - 1).toLocaleString()}`
            : ""}
        </p>
        <TimeZoneSwitch />
      </div>
      {settled && trips.length === 0 ? (
        <PastTheEnd
          page={page}
          totalPages={data.totalPages}
          lastHref={hrefFor({ page: data.totalPages, trip: null })}
          onLast={() => goToPage(data.totalPages)}
        />
      ) : (
        // Wide screens: the list beside a map that stays in view (sticky) and ends above the fold. Phones: the map
        // first and sticky at the top (40% of the height, the map's own minimum lifted), the list scrolling under it,
        // so a tapped trip shows.
        <div className="grid gap-4 [--trips-map-phone:40dvh] [--trips-pane:max(20rem,calc(100dvh-23rem))] lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
          <div className="overflow-hidden rounded-lg border border-border bg-card">
            <TripList
              trips={trips}
              page={shownPage}
              selectedId={selectedId}
              events={tripEvents}
              loading={!settled}
              onSelect={onSelect}
              onHover={onHover}
            />
          </div>
          <TripsMapSlot
            className="sticky top-0 z-10 order-first h-(--trips-map-phone) bg-background *:min-h-0 pb-2 lg:top-4 lg:order-none lg:h-(--trips-pane) lg:pb-0"
            trips={trips}
            selectedId={selectedId}
            hoveredId={hoveredId}
            onSelect={onSelect}
            onHover={onHover}
            styleUrl={mapStyleUrl}
            paths={routes.paths}
            pathsLoading={settled && routes.status === "loading"}
            selectedPath={selectedPath}
            selectedEvents={selectedEvents}
            replayLngLat={replayLngLat}
          />
        </div>
      )}
      {selectedTrip ? (
        <TripDetail trip={selectedTrip} result={selectedResult} replay={selectedPath ? replay : null} />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <TripsExports tokenId={tokenId} page={page} />
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
          {data.totalPages > ALL_TRIPS_ASK_ABOVE_PAGES ? (
            // Said before the click: the map asks again before reading them, and offers a time window instead.
            <p className="text-xs text-muted-foreground" id="all-trips-cost" data-testid="all-trips-link-cost">
              All {data.totalPages.toLocaleString()} pages: {allPagesCost(data.totalPages)}
            </p>
          ) : null}
          <Link
            href={`/vehicles/${tokenId}/trips/all`}
            className={buttonClasses("secondary", "sm")}
            data-testid="all-trips-link"
            aria-describedby={data.totalPages > ALL_TRIPS_ASK_ABOVE_PAGES ? "all-trips-cost" : undefined}
          >
            <Layers className="size-4" aria-hidden />
            Map of all trips
          </Link>
        </div>
      </div>
    </section>
  );
}
