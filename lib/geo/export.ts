import type { Feature, FeatureCollection, Geometry } from "geojson";
import type { Trip, TripPathResult } from "@/lib/models";
import { cumulativeKm } from "./path-stats";
import { csvRow } from "./csv";
import { tripDistanceKm, tripDurationMs, tripEnd, tripStart } from "./trip-places";

/**
 * Trips as files: CSV (a header row, one row per trip, empty cells for unknown places) and GeoJSON (one feature
 * per trip: a line when both ends are known, a point when one is, no geometry when neither). The pieces are
 * exported too, so a server can stream thousands of trips without building the whole file in memory.
 */

export const TRIP_CSV_COLUMNS = [
  "id",
  "start_time",
  "end_time",
  "duration_seconds",
  "distance_km",
  "start_latitude",
  "start_longitude",
  "end_latitude",
  "end_longitude",
  "estimated_start_latitude",
  "estimated_start_longitude",
  "dropped_data",
] as const;

const round = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));

export function tripCsvHeader(): string {
  return csvRow(TRIP_CSV_COLUMNS);
}

export function tripCsvRow(trip: Trip): string {
  const start = trip.start.location;
  const end = trip.end.location;
  const estimate = trip.start.estimatedLocation;
  const durationMs = tripDurationMs(trip);
  return csvRow([
    trip.id,
    trip.start.time,
    trip.end.time,
    durationMs === null ? null : Math.round(durationMs / 1000),
    round(tripDistanceKm(trip), 3),
    start?.latitude,
    start?.longitude,
    end?.latitude,
    end?.longitude,
    estimate?.latitude,
    estimate?.longitude,
    trip.droppedData,
  ]);
}

export function tripsToCsv(trips: readonly Trip[]): string {
  return tripCsvHeader() + trips.map(tripCsvRow).join("");
}

export interface TripExportProperties {
  id: string;
  startTime: string;
  endTime: string;
  durationSeconds: number | null;
  distanceKm: number | null;
  droppedData: boolean;
  startKnown: boolean;
  endKnown: boolean;
  estimatedStart: [longitude: number, latitude: number] | null;
}

/**
 * What a page's export adds when the trip's route is known: the route as the geometry (every point), and per point
 * its time and speed, in parallel arrays beside the coordinates. A trip drawn straight says why.
 */
export interface TripRouteProperties {
  route: "telemetry" | "straight";
  /** Why the straight line stands in for the route. */
  routeMissingReason?: string;
  /** Kilometres along the route. */
  routeDistanceKm?: number;
  pointTimes?: string[];
  /** km/h; null where the grant gives no speed. */
  pointSpeedsKmh?: Array<number | null>;
}

export function tripToExportFeature(
  trip: Trip,
  path?: TripPathResult,
): Feature<Geometry | null, TripExportProperties & Partial<TripRouteProperties>> {
  const start = tripStart(trip);
  const end = tripEnd(trip);
  const durationMs = tripDurationMs(trip);
  const estimate = trip.start.estimatedLocation;
  const startLngLat = start.point ? [start.point.longitude, start.point.latitude] : null;
  const endLngLat = end ? [end.longitude, end.latitude] : null;
  const onlyEnd = startLngLat ?? endLngLat;
  let geometry: Geometry | null = null;
  if (startLngLat && endLngLat) geometry = { type: "LineString", coordinates: [startLngLat, endLngLat] };
  else if (onlyEnd) geometry = { type: "Point", coordinates: onlyEnd };
  let route: TripRouteProperties | Record<string, never> = {};
  if (path?.kind === "route") {
    geometry = { type: "LineString", coordinates: path.path.coordinates };
    route = {
      route: "telemetry",
      routeDistanceKm: round(cumulativeKm(path.path).at(-1) ?? 0, 3) ?? 0,
      pointTimes: path.path.times.map((time) => new Date(time).toISOString()),
      pointSpeedsKmh: path.path.speeds.map((speed) => round(speed, 1)),
    };
  } else if (path) {
    route = { route: "straight", routeMissingReason: path.reason };
  }
  return {
    type: "Feature",
    id: trip.id,
    geometry,
    properties: {
      id: trip.id,
      startTime: trip.start.time,
      endTime: trip.end.time,
      durationSeconds: durationMs === null ? null : Math.round(durationMs / 1000),
      distanceKm: round(tripDistanceKm(trip), 3),
      droppedData: trip.droppedData,
      startKnown: start.point !== null && !start.fromEstimate,
      endKnown: end !== null,
      estimatedStart: estimate ? [estimate.longitude, estimate.latitude] : null,
      ...route,
    },
  };
}

export function tripsToGeoJson(trips: readonly Trip[]): FeatureCollection<Geometry | null, TripExportProperties> {
  return { type: "FeatureCollection", features: trips.map((trip) => tripToExportFeature(trip)) };
}

/** The text before, between and after the features of a streamed GeoJSON FeatureCollection. */
export const GEOJSON_STREAM = {
  open: '{"type":"FeatureCollection","features":[\n',
  separator: ",\n",
  close: "\n]}\n",
} as const;

export const EXPORT_FORMATS = ["csv", "geojson"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  geojson: "application/geo+json; charset=utf-8",
};

/** `vehicle-21957-trips-page-3.csv`, `vehicle-21957-trips-all.geojson`. */
export function exportFileName(tokenId: number, scope: number | "all", format: ExportFormat): string {
  const which = scope === "all" ? "all" : `page-${scope}`;
  return `vehicle-${tokenId}-trips-${which}.${format}`;
}
