import type { Trip } from "@/lib/models";
import { type StreamErrorLine, toStreamError } from "@/lib/ndjson";
import { tripDistanceKm, tripDurationMs, tripEnd, tripStart } from "./trip-places";

/**
 * The all-trips stream: newline-delimited JSON from the server to the map, one message a line. Points travel as a
 * flat array `[lng, lat, lng, lat, ...]` rounded to five decimals (about a metre), which keeps 100,000 trips to a
 * few megabytes and lets the browser parse one small page at a time.
 */

export type AllTripsMessage =
  | { type: "start"; totalPages: number }
  | { type: "page"; page: number; trips: number; points: number[]; details?: TripDetails }
  | { type: "done"; pages: number; trips: number; truncated: boolean }
  | StreamErrorLine;

/**
 * What the map needs of each trip with a start point, in parallel arrays beside `points` (the n-th entry belongs to
 * the n-th point): its id and place on its page (for links to the trips page), its start time (the time window and
 * the histogram), duration and straight-line distance (the cluster's trip list), and its end (the density view).
 * Unknown numbers are -1; an unknown end is `[]` rather than a pair.
 */
export interface TripDetails {
  ids: string[];
  /** Index of the trip on its page (0 to 99), so its position in the newest-first history is known. */
  offsets: number[];
  /** Start, Unix seconds. */
  starts: number[];
  /** Seconds. */
  durations: number[];
  /** Metres, start to end in a straight line. */
  distances: number[];
  /** Flat `[lng, lat, ...]` of the ends, -1 pairs skipped: `endOf[k]` is the index into it, or -1. */
  ends: number[];
  endOf: number[];
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/** The start points (as startPointsOf) and each one's trip details. */
export function pageDetailsOf(trips: readonly Trip[]): { points: number[]; details: TripDetails } {
  const points: number[] = [];
  const details: TripDetails = { ids: [], offsets: [], starts: [], durations: [], distances: [], ends: [], endOf: [] };
  trips.forEach((trip, offset) => {
    const start = tripStart(trip).point;
    if (!start) return;
    points.push(round5(start.longitude), round5(start.latitude));
    const startMs = Date.parse(trip.start.time);
    const duration = tripDurationMs(trip);
    const km = tripDistanceKm(trip);
    const end = tripEnd(trip);
    details.ids.push(trip.id);
    details.offsets.push(offset);
    details.starts.push(Number.isFinite(startMs) ? Math.round(startMs / 1000) : -1);
    details.durations.push(duration === null ? -1 : Math.round(duration / 1000));
    details.distances.push(km === null ? -1 : Math.round(km * 1000));
    if (end) {
      details.endOf.push(details.ends.length / 2);
      details.ends.push(round5(end.longitude), round5(end.latitude));
    } else details.endOf.push(-1);
  });
  return { points, details };
}

/** The start of every trip that has one (its own fix, else the estimate), flattened. */
export function startPointsOf(trips: readonly Trip[]): number[] {
  const points: number[] = [];
  for (const trip of trips) {
    const start = tripStart(trip).point;
    if (start) points.push(round5(start.longitude), round5(start.latitude));
  }
  return points;
}

export function encodeMessage(message: AllTripsMessage): string {
  return `${JSON.stringify(message)}\n`;
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** The message a parsed line holds, or null when it is not one (a newer server, a proxy's error page). */
export function toAllTripsMessage(value: unknown): AllTripsMessage | null {
  if (typeof value !== "object" || value === null) return null;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case "start":
      return isCount(m.totalPages) ? { type: "start", totalPages: m.totalPages } : null;
    case "page":
      if (!isCount(m.page) || !isCount(m.trips) || !Array.isArray(m.points) || m.points.length % 2 !== 0) return null;
      if (!m.points.every((n) => typeof n === "number" && Number.isFinite(n))) return null;
      if (m.details === undefined) return { type: "page", page: m.page, trips: m.trips, points: m.points as number[] };
      {
        const details = toTripDetails(m.details, m.points.length / 2);
        return details ? { type: "page", page: m.page, trips: m.trips, points: m.points as number[], details } : null;
      }
    case "done":
      return isCount(m.pages) && isCount(m.trips)
        ? { type: "done", pages: m.pages, trips: m.trips, truncated: m.truncated === true }
        : null;
    case "error": {
      const error = toStreamError(m);
      return error ? { type: "error", ...error } : null;
    }
    default:
      return null;
  }
}

const isNumbers = (value: unknown, length: number): value is number[] =>
  Array.isArray(value) && value.length === length && value.every((n) => typeof n === "number" && Number.isFinite(n));

/** The details of `count` trips, or null when any array is missing, mistyped or of another length. */
function toTripDetails(value: unknown, count: number): TripDetails | null {
  if (typeof value !== "object" || value === null) return null;
  const d = value as Record<string, unknown>;
  const ids = d.ids;
  if (!Array.isArray(ids) || ids.length !== count || !ids.every((id) => typeof id === "string")) return null;
  const { offsets, starts, durations, distances, ends, endOf } = d;
  if (
    !isNumbers(offsets, count) ||
    !isNumbers(starts, count) ||
    !isNumbers(durations, count) ||
    !isNumbers(distances, count)
  )
    return null;
  if (!isNumbers(endOf, count) || !Array.isArray(ends) || !isNumbers(ends, ends.length) || ends.length % 2 !== 0)
    return null;
  if (!endOf.every((k) => k === -1 || (Number.isInteger(k) && k >= 0 && 2 * k + 1 < ends.length))) return null;
  return { ids: ids as string[], offsets, starts, durations, distances, ends, endOf };
}
