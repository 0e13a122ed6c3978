import { type LatLng } from "./location";

/** Trips as the trips service lists them, and their paths from the Telemetry API's location history. */

export interface TripPoint {
  time: string;
  location: LatLng | null;
  /** Only on a start: where the previous trip ended, when that was close by. */
  estimatedLocation: LatLng | null;
}

export interface Trip {
  id: string;
  start: TripPoint;
  end: TripPoint;
  droppedData: boolean;
}

export interface TripsPage {
  trips: Trip[];
  totalPages: number;
  currentPage: number;
}

/**
 * A trip's path from the Telemetry API's location history, as parallel arrays (compact on the wire, and the
 * coordinates are a GeoJSON LineString as they are): `times` in epoch milliseconds, `speeds` in km/h (null where the
 * grant does not allow speed or the bucket has none).
 */
export interface TripPath {
  coordinates: Array<[longitude: number, latitude: number]>;
  times: number[];
  speeds: Array<number | null>;
}

/** A trip's path as the trips page receives it: the route, or why the straight line stands in for it. */
export type TripPathResult =
  { tripId: string; kind: "route"; path: TripPath } | { tripId: string; kind: "straight"; reason: string };
