import type { Feature, FeatureCollection, Geometry } from "geojson";
import type { Trip } from "@/lib/models";
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

export function tripToExportFeature(trip: Trip): Feature<Geometry | null, TripExportProperties> {
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
    },
  };
}

export function tripsToGeoJson(trips: readonly Trip[]): FeatureCollection<Geometry | null, TripExportProperties> {
  return { type: "FeatureCollection", features: trips.map(tripToExportFeature) };
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
