import { distanceMiles, type LatLon } from "./geo";
import { isoMicros } from "./times";
import { type GeneratedTrip } from "./trip-generator";

/** A start within this distance of the previous trip's end counts as "where the previous trip ended". */
const ESTIMATED_LOCATION_RADIUS_MILES = 0.25;

export interface Continuity {
  droppedData: boolean;
  /** The previous trip's end, when this trip started within a quarter mile of it. */
  estimatedLocation?: LatLon;
}

/**
 * The trips service's rule, computed from the locations: a trip continues the previous one when both locations are
 * known and no more than a quarter mile apart; otherwise data was dropped (a gap, an unknown previous end, or no start
 * fix). The very first trip has nothing to continue and, with a start fix, dropped nothing.
 */
export function continuityOf(previous: Pick<GeneratedTrip, "end"> | undefined, start: LatLon | undefined): Continuity {
  if (!start) return { droppedData: true };
  if (!previous) return { droppedData: false };
  if (!previous.end) return { droppedData: true };
  if (distanceMiles(previous.end, start) <= ESTIMATED_LOCATION_RADIUS_MILES) {
    return { droppedData: false, estimatedLocation: previous.end };
  }
  return { droppedData: true };
}

/** The JSON the trips service returns for one trip, after `previous`. Keys appear in the service's order. */
export function tripBody(
  trip: Pick<GeneratedTrip, "id" | "startMicros" | "endMicros" | "start" | "end">,
  previous: Pick<GeneratedTrip, "end"> | undefined,
): string {
  const { droppedData, estimatedLocation } = continuityOf(previous, trip.start);
  const start: Record<string, unknown> = { time: isoMicros(trip.startMicros) };
  if (trip.start) start.location = trip.start;
  if (estimatedLocation) start.estimatedLocation = estimatedLocation;
  const end: Record<string, unknown> = { time: isoMicros(trip.endMicros) };
  if (trip.end) end.location = trip.end;
  return JSON.stringify({ id: trip.id, start, end, droppedData });
}

/** The JSON the trips service returns for each trip, in chronological order. */
export function tripBodies(trips: readonly GeneratedTrip[]): string[] {
  return trips.map((trip, i) => tripBody(trip, trips[i - 1]));
}
