"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { TripsMapSlot } from "@/components/map/trips-map-slot";
import { segmentsQuery } from "@/components/telemetry/telemetry-queries";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { toAppError } from "@/lib/result";
import { SEGMENTS_WINDOW_DAYS } from "@/lib/telemetry-history";
import { segmentToTrip } from "./segment-trips";
import { TripList } from "./trip-list";
import { TripsError, TripsSkeleton } from "./trips-states";

/**
 * The trips the Telemetry API detects from the signals (segments) over the last 30 days, oldest first, a page at a
 * time: each page after the first starts after the previous page's last segment (the service's `after` cursor). Shown
 * in the trips page's own list and map.
 */
export function SegmentsView({ tokenId, mapStyleUrl }: { tokenId: number; mapStyleUrl: string | undefined }) {
  // The cursors of the pages walked so far: the first page has none.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const query = useQuery({ ...segmentsQuery(tokenId, after), placeholderData: keepPreviousData });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const data = query.data;
  const settled = data !== undefined && !query.isPlaceholderData;
  const trips = useMemo(() => (data?.segments ?? []).map(segmentToTrip), [data]);
  const onSelect = useCallback((id: string | null) => setSelectedId(id), []);
  const onHover = useCallback((id: string | null) => setHoveredId(id), []);

  if (query.isError && !data) {
    return <TripsError error={toAppError(query.error)} feature="segments" onRetry={() => void query.refetch()} />;
  }
  if (!data) return <TripsSkeleton />;
  if (data.segments.length === 0 && cursors.length === 1) {
    return (
      <div data-testid="no-segments">
        <EmptyState title={`No trips detected in the last ${SEGMENTS_WINDOW_DAYS} days`}>
          DIMO&apos;s Telemetry API found no drive (ignition on, then off) in this vehicle&apos;s signals over the last{" "}
          {SEGMENTS_WINDOW_DAYS} days.
        </EmptyState>
      </div>
    );
  }

  const pageNumber = cursors.length;
  const ongoing = data.segments.some((segment) => segment.isOngoing);
  const selected = selectedId !== null && trips.some((trip) => trip.id === selectedId) ? selectedId : null;

  return (
    <section
      className="flex flex-col gap-4"
      data-testid="segments-view"
      data-page={settled ? pageNumber : undefined}
      aria-label="Trips from telemetry segments"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={pageNumber === 1}
            onClick={() => setCursors((list) => list.slice(0, -1))}
            data-testid="segments-previous"
          >
            Previous page
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!settled || data.nextAfter === null}
            onClick={() => setCursors((list) => [...list, data.nextAfter])}
            data-testid="segments-next"
          >
            Next page
          </Button>
        </div>
        <p
          className="flex items-center gap-2 text-sm text-muted-foreground"
          aria-live="polite"
          data-testid="segments-summary"
        >
          {query.isFetching && !settled ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Page {pageNumber} · {data.segments.length} {data.segments.length === 1 ? "trip" : "trips"} detected from the
          signals, oldest first
          {ongoing ? " · the last is still under way" : ""}
          <span data-testid="segments-credits" data-credits={pageNumber}>
            {" "}
            · 1 DIMO credit a page (a Telemetry API query): {pageNumber} so far
          </span>
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="overflow-hidden rounded-lg border border-border bg-card">
          <TripList
            trips={trips}
            page={settled ? pageNumber : null}
            selectedId={selected}
            loading={!settled}
            onSelect={onSelect}
            onHover={onHover}
          />
        </div>
        <TripsMapSlot
          className="h-[420px] lg:sticky lg:top-4 lg:h-[calc(100vh-16rem)]"
          trips={trips}
          selectedId={selected}
          hoveredId={hoveredId}
          onSelect={onSelect}
          onHover={onHover}
          styleUrl={mapStyleUrl}
        />
      </div>
    </section>
  );
}
