"use client";

import { memo } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { formatDistanceKm } from "@/lib/format/numbers";
import { formatDuration, isSameDay } from "@/lib/format/time";
import { formatLatLng, tripDistanceKm, tripDurationMs, tripEnd, tripStart } from "@/lib/geo/trip-places";
import type { DrivingEvent, Trip } from "@/lib/models";
import { useTimeZoneChoice } from "@/lib/hooks/use-time-zone";
import { LocalTime } from "./local-time";
import { summarizeEvents } from "./trip-events";

interface TripRowProps {
  trip: Trip;
  selected: boolean;
  /** The trip's driving events; none when absent. */
  events?: readonly DrivingEvent[];
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
}

/**
 * One trip: when, how long, how far (straight line), from where to where, its driving events, and what is off about
 * its data.
 */
export const TripRow = memo(function TripRow({ trip, selected, events, onSelect, onHover }: TripRowProps) {
  const zone = useTimeZoneChoice();
  const start = tripStart(trip);
  const end = tripEnd(trip);
  const durationMs = tripDurationMs(trip);
  const distanceKm = tripDistanceKm(trip);
  // The end shows only its time when it falls on the start's day in the zone shown.
  const sameDay = zone !== null && isSameDay(trip.start.time, trip.end.time, zone);
  const estimate = trip.start.estimatedLocation;

  return (
    // A phone's map is sticky above the list: a row scrolled into view stops below it, not under it. A row out of
    // view is neither laid out nor painted until it scrolls near (it keeps its last height, or about a row's), so a
    // page of trips costs the browser the dozen rows on screen, not the hundred.
    <li
      className="scroll-mt-[calc(var(--trips-map-phone,0px)+0.5rem)] [contain-intrinsic-size:auto_6.4rem] [content-visibility:auto] lg:scroll-mt-0"
      data-testid="trip-row"
      data-trip-id={trip.id}
      data-selected={selected}
    >
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => onSelect(trip.id)}
        onMouseEnter={() => onHover(trip.id)}
        onMouseLeave={() => onHover(null)}
        onFocus={() => onHover(trip.id)}
        onBlur={() => onHover(null)}
        className={cn(
          "flex w-full flex-col gap-1 border-l-2 px-4 py-2.5 text-left text-sm",
          selected ? "border-primary bg-primary/10" : "border-transparent hover:bg-muted",
        )}
      >
        {/* The times, then how long and how far, on lines of their own: side by side they fit or wrap depending on
            the font, and the row would change height when the page's font replaces its fallback. */}
        <span className="flex flex-col">
          <span className="font-medium" data-testid="trip-times">
            <LocalTime iso={trip.start.time} /> →{" "}
            <LocalTime iso={trip.end.time} format={sameDay ? "time" : "datetime"} />
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {durationMs === null ? "unknown duration" : formatDuration(durationMs)} ·{" "}
            {distanceKm === null ? "distance unknown" : formatDistanceKm(distanceKm)}
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 font-mono text-xs text-muted-foreground">
          <span data-testid="trip-start">
            <span className="mr-1 inline-block size-2 rounded-full bg-[#16a34a]" aria-hidden />
            {formatLatLng(start.point)}
            {start.estimated ? (
              <abbr
                data-testid="estimated-start"
                className="ml-1 cursor-help font-sans text-warning no-underline"
                title={`Estimated start: the previous trip ended within a quarter mile, at ${formatLatLng(estimate)}${start.fromEstimate ? ". This trip has no start fix of its own." : "."}`}
              >
                ≈ est.
              </abbr>
            ) : null}
          </span>
          <span aria-hidden>→</span>
          <span data-testid="trip-end">
            <span className="mr-1 inline-block size-2 rounded-full bg-[#dc2626]" aria-hidden />
            {formatLatLng(end)}
          </span>
        </span>
        {/* The badges' own line, one badge high whether or not any has arrived: the driving events come after the
            row has painted, and the row must not grow under the reader when they do. */}
        <span className="flex min-h-5.5 flex-wrap items-center gap-x-2 gap-y-1 text-xs" data-testid="trip-badges">
          {events && events.length > 0 ? (
            <Badge
              tone="warning"
              className="font-sans"
              data-testid="trip-events"
              data-count={events.length}
              title="Driving events DIMO detected on this trip"
            >
              {summarizeEvents(events)
                .map((summary) => summary.text)
                .join(", ")}
            </Badge>
          ) : null}
          {trip.droppedData ? (
            <Badge
              tone="warning"
              className="font-sans"
              data-testid="dropped-data"
              title="The device missed data: this trip does not start where the previous one ended, or has no start fix."
            >
              dropped data
            </Badge>
          ) : null}
        </span>
      </button>
    </li>
  );
});
