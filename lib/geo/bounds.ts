import type { LatLng, Trip } from "@/lib/models";
import { tripEnd, tripStart } from "./trip-places";

/** `[west, south, east, north]` in degrees, the order MapLibre's fitBounds takes. */
export type Bounds = [west: number, south: number, east: number, north: number];

/** The smallest box around the points, or null when there are none. */
export function boundsOf(points: Iterable<LatLng>): Bounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { latitude, longitude } of points) {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return west === Infinity ? null : [west, south, east, north];
}

function* tripPoints(trips: readonly Trip[]): Generator<LatLng> {
  for (const trip of trips) {
    const start = tripStart(trip).point;
    const end = tripEnd(trip);
    if (start) yield start;
    if (end) yield end;
  }
}

/** The box around every known start and end of the trips, or null when none has a location. */
export function tripsBounds(trips: readonly Trip[]): Bounds | null {
  return boundsOf(tripPoints(trips));
}

/**
 * A box of at least `minSpanDegrees` on each side, centred on the original: fitting the map to a single point (or a
 * trip that went nowhere) would otherwise zoom in as far as the map allows.
 */
export function padBounds([west, south, east, north]: Bounds, minSpanDegrees = 0.01): Bounds {
  const padLng = Math.max(0, (minSpanDegrees - (east - west)) / 2);
  const padLat = Math.max(0, (minSpanDegrees - (north - south)) / 2);
  return [west - padLng, Math.max(-90, south - padLat), east + padLng, Math.min(90, north + padLat)];
}
