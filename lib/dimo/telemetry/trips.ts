import "server-only";
import type { z } from "zod";
import type { PathWindow } from "@/lib/geo/trip-path-window";
import { type Segment, type SegmentsPage, type TripPath } from "@/lib/models";
import { SEGMENTS_LIMIT_MAX } from "@/lib/telemetry-signals";
import { type DimoError } from "../errors";
import { parseResponse } from "../parse";
import { type pathRowSchema, pathsAnswerSchema, segmentsAnswerSchema } from "../schemas/telemetry";
import { GO_DURATION, type TelemetryTarget, failure, postQuery, toLatLng } from "./query";

/** Trips from the Telemetry API: the ones it detects from the signals (segments), and trips' paths. */

/** How the Telemetry API detects trips: from the ignition signal, as DIMO's own apps do. */
const SEGMENT_MECHANISM = "ignitionDetection";

export interface SegmentsRequest {
  from: string;
  to: string;
  /** Exclusive: segments that start after this time. */
  after?: string;
  limit: number;
}

const segmentEnd = (end: { timestamp: string; value: { latitude: number; longitude: number } }) => ({
  time: end.timestamp,
  location: toLatLng(end.value),
});

/** Trips detected from the ignition signal between `from` and `to` (at most 31 days), oldest first, a page at a time. */
export async function fetchSegments(target: TelemetryTarget, request: SegmentsRequest): Promise<SegmentsPage> {
  const limit = Math.min(SEGMENTS_LIMIT_MAX, Math.max(1, Math.floor(request.limit)));
  const query = `query Segments($tokenId: Int!, $from: Time!, $to: Time!, $limit: Int, $after: Time) {
  segments(tokenId: $tokenId, from: $from, to: $to, mechanism: ${SEGMENT_MECHANISM}, limit: $limit, after: $after) {
    start { timestamp value { latitude longitude } }
    end { timestamp value { latitude longitude } }
    duration isOngoing startedBeforeRange
  }
}`;
  const variables = {
    tokenId: target.tokenId,
    from: request.from,
    to: request.to,
    limit,
    after: request.after ?? null,
  };
  const body = parseResponse(segmentsAnswerSchema, await postQuery(target, query, variables), "telemetry", "segments");
  const rows = body.data?.segments;
  if (!rows || (body.errors ?? []).length > 0) throw failure(body.errors ?? [], "the trips detected from the signals");
  const segments: Segment[] = rows.map((row) => ({
    start: segmentEnd(row.start),
    end: row.end ? segmentEnd(row.end) : null,
    durationSeconds: row.duration,
    isOngoing: row.isOngoing,
    startedBeforeRange: row.startedBeforeRange,
  }));
  const last = segments.at(-1);
  return { segments, nextAfter: segments.length === limit && last ? last.start.time : null };
}

/**
 * How many trips' paths one request asks for, each under its own alias. DIMO's Telemetry API refuses an operation whose
 * complexity passes 100 (gqlgen's fixed limit: every field costs 1 plus its children), and one path costs 6 with the
 * speed (`signals`, `timestamp`, the location and its two numbers, `speed`): 16 would fit, 10 leave room for change
 * and keep one answer (10 x at most 361 rows) small enough to stream as it comes.
 */
export const PATHS_PER_REQUEST = 10;

/** One window's path, or why it could not be read; the other windows of the same request are not held up by it. */
export type PathAnswer = { ok: true; path: TripPath } | { ok: false; error: DimoError };

const aliasOf = (index: number) => `p${index}`;

/**
 * Stretches of the vehicle's location history (and speed, when `withSpeed`) at one point per interval, oldest first:
 * trips' paths, at most PATHS_PER_REQUEST in one request, answered in the order asked. LAST of each bucket is a real
 * fix on the street, where AVG would cut the corners the vehicle turned. An error about one alias fails that window
 * alone; an answer with no data at all fails the whole request.
 */
export async function fetchPaths(
  target: TelemetryTarget,
  windows: readonly PathWindow[],
  withSpeed: boolean,
): Promise<PathAnswer[]> {
  if (windows.length === 0) return [];
  if (windows.length > PATHS_PER_REQUEST)
    throw new RangeError(`at most ${PATHS_PER_REQUEST} paths a request, not ${windows.length}`);
  const variables: Record<string, unknown> = { tokenId: target.tokenId };
  const declarations = ["$tokenId: Int!"];
  const fields = windows.map((window, index) => {
    if (!GO_DURATION.test(window.interval))
      throw new TypeError(`interval must be a duration such as 5s or 1m, not ${window.interval}`);
    Object.assign(variables, { [`i${index}`]: window.interval, [`f${index}`]: window.from, [`t${index}`]: window.to });
    declarations.push(`$i${index}: String!`, `$f${index}: Time!`, `$t${index}: Time!`);
    return `  ${aliasOf(index)}: signals(tokenId: $tokenId, interval: $i${index}, from: $f${index}, to: $t${index}) {
    timestamp currentLocationCoordinates(agg: LAST) { latitude longitude }${withSpeed ? " speed(agg: AVG)" : ""}
  }`;
  });
  const query = `query Paths(${declarations.join(", ")}) {\n${fields.join("\n")}\n}`;
  const body = parseResponse(pathsAnswerSchema, await postQuery(target, query, variables), "telemetry", "trip paths");
  const errors = body.errors ?? [];
  const data = body.data;
  if (!data) throw failure(errors, windows.length === 1 ? "the trip's path" : "the trips' paths");
  return windows.map((_, index): PathAnswer => {
    const alias = aliasOf(index);
    const rows = data[alias];
    const own = errors.filter((error) => error.path?.[0] === alias);
    if (!rows || own.length > 0) return { ok: false, error: failure(own, "the trip's path") };
    return { ok: true, path: pathOf(rows) };
  });
}

function pathOf(rows: readonly z.infer<typeof pathRowSchema>[]): TripPath {
  const path: TripPath = { coordinates: [], times: [], speeds: [] };
  const sorted = [...rows].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  for (const row of sorted) {
    const location = row.currentLocationCoordinates;
    if (!location) continue;
    path.coordinates.push([location.longitude, location.latitude]);
    path.times.push(Date.parse(row.timestamp));
    path.speeds.push(typeof row.speed === "number" ? row.speed : null);
  }
  return path;
}
