"use client";

import { memo, useEffect, useRef } from "react";
import type { DrivingEvent, Trip } from "@/lib/models";
import { TripRow } from "./trip-row";

const NO_EVENTS: ReadonlyMap<string, readonly DrivingEvent[]> = new Map();

interface TripListProps {
  trips: readonly Trip[];
  /** The page whose trips are shown, or null while another page loads. */
  page: number | null;
  selectedId: string | null;
  /** The driving events of each trip, by trip id; none when absent. */
  events?: ReadonlyMap<string, readonly DrivingEvent[]>;
  loading: boolean;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
}

/**
 * The page's trips, newest first. A trip selected on the map scrolls into view. Memoised: the replay re-renders the
 * page every frame, and the list's props do not change while it plays.
 */
export const TripList = memo(function TripList({
  trips,
  page,
  selectedId,
  events = NO_EVENTS,
  loading,
  onSelect,
  onHover,
}: TripListProps) {
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (selectedId === null) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-trip-id="${CSS.escape(selectedId)}"]`);
    row?.scrollIntoView({ block: "nearest" });
  }, [selectedId]);

  return (
    <ul
      ref={listRef}
      data-testid="trip-list"
      data-page={page ?? undefined}
      aria-busy={loading}
      aria-label={page === null ? "Trips (loading another page)" : `Trips of page ${page}`}
      className="divide-y divide-border overflow-y-auto transition-opacity aria-busy:opacity-60 lg:max-h-(--trips-pane)"
    >
      {trips.map((trip) => (
        <TripRow
          key={trip.id}
          trip={trip}
          selected={trip.id === selectedId}
          events={events.get(trip.id)}
          onSelect={onSelect}
          onHover={onHover}
        />
      ))}
    </ul>
  );
});
