import type { LatLng, Trip } from "@/lib/models";
import { haversineKm, isValidLatLng } from "./distance";

/**
 * Where a trip starts and ends, as the pages and exports read it. A start without its own fix falls back to the
 * estimated location (where the previous trip ended, when that was close by), and says so.
 */

export interface TripStart {
  point: LatLng | null;
  /** True when the trip carries an estimated start (the previous trip's end, within a quarter mile). */
  estimated: boolean;
  /** The point comes from the estimate, because the start has no fix of its own. */
  fromEstimate: boolean;
}

export function tripStart(trip: Trip): TripStart {
  const own = isValidLatLng(trip.start.location) ? trip.start.location : null;
  const estimate = isValidLatLng(trip.start.estimatedLocation) ? trip.start.estimatedLocation : null;
  return { point: own ?? estimate, estimated: estimate !== null, fromEstimate: own === null && estimate !== null };
}

export function tripEnd(trip: Trip): LatLng | null {
  return isValidLatLng(trip.end.location) ? trip.end.location : null;
}

/** The straight-line distance from start to end in kilometres, or null when either end is unknown. */
export function tripDistanceKm(trip: Trip): number | null {
  const start = tripStart(trip).point;
  const end = tripEnd(trip);
  return start && end ? haversineKm(start, end) : null;
}

/** Milliseconds from start to end, or null when a time cannot be read or the end comes first. */
export function tripDurationMs(trip: Trip): number | null {
  const ms = Date.parse(trip.end.time) - Date.parse(trip.start.time);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** `36.15786, -115.33456`: five decimals are about a metre, plenty for a trip's ends. */
export function formatLatLng(point: LatLng | null): string {
  return point ? `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}` : "unknown";
}
