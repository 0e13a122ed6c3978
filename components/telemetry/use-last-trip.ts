"use client";

import { useQuery } from "@tanstack/react-query";
import { tripsPageQuery } from "@/components/trips/trips-queries";
import { type TripPathsMessage, toPathsMessage } from "@/lib/geo/trip-paths-stream";
import type { Trip, TripPath } from "@/lib/models";
import { fetchNdjson } from "@/lib/ndjson";

export interface LastTrip {
  trip: Trip;
  /** Its route, null while unknown or when only the straight line is known. */
  path: TripPath | null;
}

const PATHS_READING = {
  toMessage: toPathsMessage,
  isDone: (message: TripPathsMessage) => message.type === "done",
  whole: "the last trip's route",
};

/**
 * The last trip's route, through the trips map's own paths route (app/api/vehicles/[tokenId]/trips/paths): the stream
 * of the first page, read until that trip's path arrives (the first of its answers) and then closed, so the rest of
 * the page is never read from the Telemetry API for the Overview.
 */
async function fetchLastTripPath(tokenId: number, tripId: string, signal: AbortSignal): Promise<TripPath | null> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener("abort", stop);
  let found: TripPath | null = null;
  try {
    await fetchNdjson(`/api/vehicles/${tokenId}/trips/paths?page=1`, controller.signal, PATHS_READING, {
      onMessage: (message) => {
        if (message.type !== "path" || message.tripId !== tripId) return;
        if (message.kind === "route") found = message.path;
        stop();
      },
    });
  } finally {
    signal.removeEventListener("abort", stop);
  }
  return found;
}

/** The vehicle's newest trip (trips come newest first) and its route; null while loading, or without trips. */
export function useLastTrip(tokenId: number, enabled: boolean): LastTrip | null {
  const page = useQuery({ ...tripsPageQuery(tokenId, 1), enabled, retry: false });
  const trip = page.data?.trips[0];
  const path = useQuery({
    queryKey: ["last-trip-path", tokenId, trip?.id ?? ""],
    queryFn: ({ signal }) => fetchLastTripPath(tokenId, trip?.id ?? "", signal),
    enabled: enabled && trip !== undefined,
    retry: false,
    // A finished trip's route never changes.
    staleTime: Infinity,
  });
  if (!enabled || !trip) return null;
  return { trip, path: path.data ?? null };
}
