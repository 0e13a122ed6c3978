import "server-only";
import type { z } from "zod";
import type { PathWindow } from "@/lib/geo/trip-path-window";
import {
  type LatLng,
  type Segment,
  type SegmentsPage,
  type SignalHistory,
  type SignalValue,
  type TelemetryLatest,
  type TelemetryRefusal,
  type TripPath,
  type VinCredential,
} from "@/lib/models";
import { type FloatAggregation, SEGMENTS_LIMIT_MAX, type SignalName, signalInfo } from "@/lib/telemetry-signals";
import { DimoError } from "./errors";
import { type HttpSettings, dimoFetch } from "./http";
import { parseResponse } from "./parse";
import { redact } from "./redact";
import {
  type GraphQLError,
  historyAnswerSchema,
  latestAnswerSchema,
  type pathRowSchema,
  pathsAnswerSchema,
  segmentsAnswerSchema,
  vinAnswerSchema,
} from "./schemas/telemetry";

/**
 * Queries to DIMO's Telemetry API (GraphQL, `POST {telemetry}/query` with the Vehicle JWT). The service checks the
 * token's privileges per field: a refused field comes back as `null` with an error naming the privilege, and the rest
 * of the answer is served. Answers that mix both keep the data and list the refusals; an answer with nothing usable
 * becomes a DimoError like any other failure. Values go in as GraphQL variables; the only literals written into a
 * query are signal names and aggregations, both checked against lib/telemetry-signals.ts first.
 */

export const TELEMETRY_PATH = "/query";
/** How the Telemetry API detects trips: from the ignition signal, as DIMO's own apps do. */
export const SEGMENT_MECHANISM = "ignitionDetection";

export interface TelemetryTarget {
  http: HttpSettings;
  baseUrl: string;
  token: string;
  tokenId: number;
}

async function post(target: TelemetryTarget, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const response = await dimoFetch(target.http, {
    service: "telemetry",
    method: "POST",
    baseUrl: target.baseUrl,
    path: TELEMETRY_PATH,
    bearer: target.token,
    body: { json: { query, variables } },
    // A query and its variables name only the vehicle, signals and times: the log may keep them for replay.
    logBody: true,
    // A query changes nothing, so it is as safe to repeat as a GET.
    retry: "idempotent",
    tokenKind: "vehicle",
    tokenId: target.tokenId,
  });
  return response.body;
}

/** The field an error is about: the last name on its path (`["signalsLatest", "speed"]` is about `speed`). */
function fieldOf(error: GraphQLError): string | undefined {
  const names = (error.path ?? []).filter((part): part is string => typeof part === "string");
  return names.at(-1);
}

/** A refusal of one field for want of a privilege, as opposed to a broken query or an outage. */
export function isPrivilegeRefusal(error: GraphQLError): boolean {
  const code = error.extensions?.code ?? "";
  return /^(UNAUTHORIZED|FORBIDDEN|UNAUTHENTICATED)$/i.test(code) || /privilege|permission|not allowed|unauthori[sz]ed|forbidden/i.test(error.message);
}

const reasonOf = (error: GraphQLError) => redact(error.message);

/** Every error of an answer that has no data to show, as one DimoError in the vocabulary of the rest of the client. */
function failure(errors: readonly GraphQLError[], what: string): DimoError {
  const first = errors[0];
  const reasons = errors.map(reasonOf).join("; ");
  const refused = errors.length > 0 && errors.every(isPrivilegeRefusal);
  return new DimoError({
    service: "telemetry",
    status: 200,
    code: refused ? "PRIVILEGE_MISSING" : "BAD_REQUEST",
    message: refused
      ? `DIMO's telemetry service refused ${what}: ${reasons}. Ask the vehicle's owner to share the privilege it names.`
      : `telemetry query for ${what} failed: ${reasons || "no data in the answer"}`,
    retryable: false,
    upstreamCode: first?.extensions?.code,
    upstreamMessage: first?.message,
  });
}

const refusalsOf = (errors: readonly GraphQLError[]): TelemetryRefusal[] =>
  errors.filter(isPrivilegeRefusal).map((error) => ({ field: fieldOf(error) ?? "query", reason: reasonOf(error) }));

const toLatLng = (value: { latitude: number; longitude: number }): LatLng => ({ latitude: value.latitude, longitude: value.longitude });

function selectionOf(name: SignalName): string {
  return signalInfo(name)?.kind === "location" ? `${name} { timestamp value { latitude longitude hdop } }` : `${name} { timestamp value }`;
}

/**
 * A time that says something: the real service reports a vehicle without data as last seen in 1900 (and Go's zero
 * time is year 1), so a time before 2000 means "never".
 */
const EARLIEST_REAL_TIME = Date.parse("2000-01-01T00:00:00Z");
const seenAt = (iso: string | null | undefined): string | null => (iso && Date.parse(iso) >= EARLIEST_REAL_TIME ? iso : null);

export interface LatestRequest {
  /** The signals to ask for: only the ones the grant allows, so the service has nothing to refuse. */
  signals: readonly SignalName[];
}

/** The latest value of each signal asked for, the signals the vehicle has, and its data summary, in one request. */
export async function fetchLatest(target: TelemetryTarget, request: LatestRequest): Promise<TelemetryLatest> {
  const fields = ["lastSeen", ...request.signals.map(selectionOf)].join("\n    ");
  const query = `query Latest($tokenId: Int!) {
  signalsLatest(tokenId: $tokenId) {
    ${fields}
  }
  availableSignals(tokenId: $tokenId)
  dataSummary(tokenId: $tokenId) { numberOfSignals firstSeen lastSeen }
}`;
  const body = parseResponse(latestAnswerSchema, await post(target, query, { tokenId: target.tokenId }), "telemetry", "latest signals");
  const errors = body.errors ?? [];
  const data = body.data;
  // Only refusals may stand beside data; anything else (a broken query, an outage behind the service) is a failure.
  if (!data || errors.some((error) => !isPrivilegeRefusal(error))) throw failure(errors, "the latest signals");
  const latest = data.signalsLatest;
  if (!latest && !data.availableSignals && !data.dataSummary) throw failure(errors, "the latest signals");

  const signals: SignalValue[] = [];
  for (const name of request.signals) {
    const entry = (latest as Record<string, { timestamp: string; value: number | string | LatLng } | null | undefined> | null | undefined)?.[name];
    if (!entry) continue;
    const value = typeof entry.value === "object" ? toLatLng(entry.value) : entry.value;
    signals.push({ name, timestamp: entry.timestamp, value });
  }
  const summary = data.dataSummary;
  // With no data, the real service's first seen is the time of the query: not a time the vehicle was seen.
  const hasData = (summary?.numberOfSignals ?? 1) > 0;
  return {
    lastSeen: seenAt(latest?.lastSeen) ?? (hasData ? seenAt(summary?.lastSeen) : null),
    signals,
    availableSignals: data.availableSignals ?? null,
    summary: summary
      ? {
          numberOfSignals: summary.numberOfSignals,
          firstSeen: hasData ? seenAt(summary.firstSeen) : null,
          lastSeen: hasData ? seenAt(summary.lastSeen) : null,
        }
      : null,
    refused: refusalsOf(errors),
  };
}

export interface HistoryRequest {
  signal: SignalName;
  aggregation: FloatAggregation;
  interval: string;
  from: string;
  to: string;
}

const GO_DURATION = /^(\d+(ms|s|m|h))+$/;

/** One float signal aggregated per interval bucket between `from` and `to`, oldest bucket first. */
export async function fetchHistory(target: TelemetryTarget, request: HistoryRequest): Promise<SignalHistory> {
  const { signal, aggregation, interval, from, to } = request;
  // Written into the query as literals: check them against the known names, never pass them through.
  if (signalInfo(signal)?.kind !== "float") throw new TypeError(`${signal} is not a numeric signal`);
  if (!GO_DURATION.test(interval)) throw new TypeError(`interval must be a duration such as 5m or 1h, not ${interval}`);
  const query = `query History($tokenId: Int!, $interval: String!, $from: Time!, $to: Time!) {
  signals(tokenId: $tokenId, interval: $interval, from: $from, to: $to) { timestamp ${signal}(agg: ${aggregation}) }
}`;
  const body = parseResponse(historyAnswerSchema, await post(target, query, { tokenId: target.tokenId, interval, from, to }), "telemetry", "signal history");
  const rows = body.data?.signals;
  if (!rows || (body.errors ?? []).length > 0) throw failure(body.errors ?? [], `the history of ${signalInfo(signal)?.label.toLowerCase() ?? signal}`);
  const points = rows
    .map((row) => ({ timestamp: row.timestamp, value: row[signal] }))
    .filter((point): point is { timestamp: string; value: number } => typeof point.value === "number")
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return { signal, aggregation, interval, from, to, points };
}

/** The VIN from the vehicle's latest VIN credential; null when it has none. */
export async function fetchVin(target: TelemetryTarget): Promise<VinCredential | null> {
  const query = `query Vin($tokenId: Int!) {
  vinVCLatest(tokenId: $tokenId) { vin recordedAt countryCode validFrom validTo }
}`;
  const body = parseResponse(vinAnswerSchema, await post(target, query, { tokenId: target.tokenId }), "telemetry", "VIN credential");
  if ((body.errors ?? []).length > 0) {
    // The real service answers a vehicle without a credential with a not-found error rather than null.
    if (body.errors?.every((error) => /not found|no vin/i.test(error.message))) return null;
    throw failure(body.errors ?? [], "the VIN credential");
  }
  const credential = body.data?.vinVCLatest;
  if (!credential?.vin) return null;
  return {
    vin: credential.vin,
    recordedAt: credential.recordedAt ?? null,
    countryCode: credential.countryCode ?? null,
    validFrom: credential.validFrom ?? null,
    validTo: credential.validTo ?? null,
  };
}

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
  const variables = { tokenId: target.tokenId, from: request.from, to: request.to, limit, after: request.after ?? null };
  const body = parseResponse(segmentsAnswerSchema, await post(target, query, variables), "telemetry", "segments");
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
export async function fetchPaths(target: TelemetryTarget, windows: readonly PathWindow[], withSpeed: boolean): Promise<PathAnswer[]> {
  if (windows.length === 0) return [];
  if (windows.length > PATHS_PER_REQUEST) throw new RangeError(`at most ${PATHS_PER_REQUEST} paths a request, not ${windows.length}`);
  const variables: Record<string, unknown> = { tokenId: target.tokenId };
  const declarations = ["$tokenId: Int!"];
  const fields = windows.map((window, index) => {
    if (!GO_DURATION.test(window.interval)) throw new TypeError(`interval must be a duration such as 5s or 1m, not ${window.interval}`);
    Object.assign(variables, { [`i${index}`]: window.interval, [`f${index}`]: window.from, [`t${index}`]: window.to });
    declarations.push(`$i${index}: String!`, `$f${index}: Time!`, `$t${index}: Time!`);
    return `  ${aliasOf(index)}: signals(tokenId: $tokenId, interval: $i${index}, from: $f${index}, to: $t${index}) {
    timestamp currentLocationCoordinates(agg: LAST) { latitude longitude }${withSpeed ? " speed(agg: AVG)" : ""}
  }`;
  });
  const query = `query Paths(${declarations.join(", ")}) {\n${fields.join("\n")}\n}`;
  const body = parseResponse(pathsAnswerSchema, await post(target, query, variables), "telemetry", "trip paths");
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
