import { type FloatAggregation } from "@/lib/telemetry-signals";
import { type DriveRecord } from "../../store/drive-store";
import { collectSamples, END_TICK, hdopAt, parkedAfter, routeOf, type VehicleSource } from "../../telemetry/samples";
import { floatAggregate } from "./aggregate";
import { eventCounts } from "./events";
import { badRequest } from "./signal-queries";

/**
 * `segments(...)`: the vehicle's activity in a range, as the real service detects it, with its limits. Ignition
 * detection, frequency analysis and change-point detection all find the trips (ignition on to ignition off); refuel
 * and recharge find the fills while parked; idling needs engine speed, which the sandbox does not send, so it finds
 * none. `config` is validated as the real service validates it; of its settings only minSegmentDurationSeconds (and
 * minIncreasePercent for fills) is applied: every trip stays one segment, however short the stop between two.
 */

/** The real service allows 32 days and a second, though its schema says 31 days (DIMO-Network/telemetry-api). */
export const SEGMENTS_MAX_RANGE_US = (32 * 86_400 + 1) * 1e6;
const SEGMENTS_MAX_LIMIT = 200;

type Mechanism = "ignitionDetection" | "frequencyAnalysis" | "changePointDetection" | "idling" | "refuel" | "recharge";

interface SegmentConfig {
  maxGapSeconds?: number | null;
  minSegmentDurationSeconds?: number | null;
  signalCountThreshold?: number | null;
  maxIdleRpm?: number | null;
  minIncreasePercent?: number | null;
}

export interface SegmentsArgs {
  tokenId: number;
  from: number;
  to: number;
  mechanism: Mechanism;
  config?: SegmentConfig | null;
  signalRequests?: { name: string; agg: FloatAggregation }[] | null;
  eventRequests?: { name: string }[] | null;
  limit?: number | null;
  after?: number | null;
}

interface Point {
  timestamp: number;
  value: { latitude: number; longitude: number; hdop: number };
}

export interface SegmentResult {
  start: Point;
  end: Point | null;
  duration: number;
  isOngoing: boolean;
  startedBeforeRange: boolean;
  signals: { name: string; agg: string; value: number }[];
  eventCounts: { name: string; count: number }[];
}

function between(value: number | null | undefined, lo: number, hi: number): boolean {
  return value == null || (value >= lo && value <= hi);
}

function validate(args: SegmentsArgs, to: number): void {
  if (args.tokenId <= 0) throw badRequest(`invalid tokenID: ${args.tokenId}`);
  if (args.from > to) throw badRequest("from time must be before to time");
  if (args.from === to) throw badRequest("from and to times cannot be equal");
  if (to - args.from > SEGMENTS_MAX_RANGE_US) throw badRequest("date range exceeds maximum of 32 days");
  const config = args.config;
  if (config) {
    if (!between(config.maxGapSeconds, 60, 3600)) throw badRequest("maxGapSeconds must be between 60 and 3600");
    if (!between(config.minSegmentDurationSeconds, 60, 3600))
      throw badRequest("minSegmentDurationSeconds must be between 60 and 3600");
    if (!between(config.signalCountThreshold, 1, 3600))
      throw badRequest("signalCountThreshold must be between 1 and 3600");
    if (args.mechanism === "idling" && !between(config.maxIdleRpm, 300, 3000))
      throw badRequest("maxIdleRpm must be between 300 and 3000");
    if ((args.mechanism === "refuel" || args.mechanism === "recharge") && !between(config.minIncreasePercent, 1, 100)) {
      throw badRequest("minIncreasePercent must be between 1 and 100");
    }
  }
  if (args.limit != null && (args.limit < 1 || args.limit > SEGMENTS_MAX_LIMIT)) {
    throw badRequest(`limit must be between 1 and ${SEGMENTS_MAX_LIMIT}`);
  }
}

const SPEED_MAX = { name: "speed", agg: "MAX" as const };
const levelRequests = (name: string) => [
  { name, agg: "FIRST" as const },
  { name, agg: "LAST" as const },
];
const ODOMETER = "powertrainTransmissionTravelledDistance";
const FUEL = "powertrainFuelSystemRelativeLevel";
const SOC = "powertrainTractionBatteryStateOfChargeCurrent";

/** The signal summary every segment gets (the real service's default set), plus what the caller asked for. */
export function summaryRequests(mechanism: Mechanism, extra: readonly { name: string; agg: FloatAggregation }[]) {
  const base =
    mechanism === "refuel" || mechanism === "idling"
      ? [SPEED_MAX, ...levelRequests(FUEL), ...levelRequests(ODOMETER)]
      : mechanism === "recharge"
        ? [SPEED_MAX, ...levelRequests(SOC), ...levelRequests(ODOMETER)]
        : [SPEED_MAX, ...levelRequests(FUEL), ...levelRequests(SOC), ...levelRequests(ODOMETER)];
  const seen = new Set<string>();
  return [...base, ...extra].filter((request) => {
    const key = `${request.name}:${request.agg}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function summarize(
  source: VehicleSource,
  fromUs: number,
  toUs: number,
  requests: readonly { name: string; agg: FloatAggregation }[],
) {
  const samples = collectSamples(source, fromUs, toUs, new Set(requests.map((r) => r.name)));
  const out: { name: string; agg: string; value: number }[] = [];
  for (const request of requests) {
    const series = samples.floats.get(request.name);
    const value = series ? floatAggregate(request.agg, series.v, 0) : null;
    if (value !== null) out.push({ name: request.name, agg: request.agg, value });
  }
  return out.sort((a, b) => (a.name === b.name ? (a.agg < b.agg ? -1 : 1) : a.name < b.name ? -1 : 1));
}

interface Span {
  startUs: number;
  endUs: number;
  start: Point["value"];
  end: Point["value"];
}

function tripSpans(source: VehicleSource, drives: readonly DriveRecord[]): Span[] {
  return drives.map((drive) => {
    // The first and last fixes of the trip's signals: its route's ends.
    const points = routeOf(source, drive).points;
    const first = points[0] ?? drive.start;
    const last = points[points.length - 1] ?? drive.end;
    return {
      startUs: drive.startUs,
      endUs: drive.endUs,
      start: { latitude: first.latitude, longitude: first.longitude, hdop: hdopAt(drive.seq, 0) },
      end: { latitude: last.latitude, longitude: last.longitude, hdop: hdopAt(drive.seq, END_TICK) },
    };
  });
}

function fillSpans(
  source: VehicleSource,
  drives: readonly DriveRecord[],
  next: DriveRecord | undefined,
  minIncrease: number,
  fills: "tank" | "battery",
): Span[] {
  const spans: Span[] = [];
  drives.forEach((drive, i) => {
    const following = drives[i + 1] ?? next;
    const refill = parkedAfter(source, drive, following)[fills]?.refill;
    if (!refill || refill.gainPercent < minIncrease) return;
    const startUs = drive.endUs + Math.round(refill.startOffsetMs * 1000);
    const lengthMs = Number.isFinite(refill.percentPerMs) ? refill.gainPercent / refill.percentPerMs : 5 * 60_000;
    const place = { latitude: drive.end.latitude, longitude: drive.end.longitude, hdop: 1 };
    spans.push({ startUs, endUs: startUs + Math.round(lengthMs * 1000), start: place, end: place });
  });
  return spans;
}

/** A detected segment before its summary: the span and how it sits in the range. */
export interface DetectedSegment {
  startUs: number;
  /** The end of the span, or the range's end when it is under way there. */
  endUs: number;
  start: Point["value"];
  end: Point["value"];
  isOngoing: boolean;
  startedBeforeRange: boolean;
}

/**
 * The segments of a range, validated and detected as the real service does, without their summaries; `to` is capped
 * at now. With `unlimited`, no page limit applies (daily activity asks for every segment of its days).
 */
export function detectSegments(
  source: VehicleSource | null,
  args: SegmentsArgs,
  nowUs: number,
  unlimited = false,
): { to: number; segments: DetectedSegment[] } {
  const to = Math.min(args.to, nowUs);
  validate(args, to);
  if (!source) return { to, segments: [] };
  const from = args.after != null && args.after < to ? Math.max(args.from, args.after + 1) : args.from;
  const limit = unlimited ? Infinity : (args.limit ?? 100);
  const config = args.config ?? {};
  const minDurationUs = (config.minSegmentDurationSeconds ?? 240) * 1e6;

  // Fills last minutes to hours after a trip: look back a day for the trip they follow.
  const lookBack = args.mechanism === "refuel" || args.mechanism === "recharge" ? 86_400e6 : 0;
  const before = source.drives.lastStartedBy(source.tokenId, from - lookBack);
  const drives = [...(before ? [before] : []), ...source.drives.startedBetween(source.tokenId, from - lookBack, to)];
  let spans: Span[];
  if (args.mechanism === "idling") spans = [];
  else if (args.mechanism === "refuel" || args.mechanism === "recharge") {
    const next = source.drives.firstStartedFrom(source.tokenId, to);
    const fills = args.mechanism === "refuel" ? "tank" : "battery";
    spans = fillSpans(source, drives, next, config.minIncreasePercent ?? 15, fills);
  } else spans = tripSpans(source, drives);

  const segments = spans
    .filter((span) => span.endUs > from && span.startUs < to)
    .filter((span) => args.after == null || span.startUs > args.after)
    .filter((span) => Math.min(span.endUs, to) - span.startUs >= minDurationUs || span.endUs > to)
    .slice(0, limit)
    .map((span) => {
      const isOngoing = span.endUs > to;
      return {
        startUs: span.startUs,
        endUs: isOngoing ? to : span.endUs,
        start: span.start,
        end: span.end,
        isOngoing,
        startedBeforeRange: span.startUs < from,
      };
    });
  return { to, segments };
}

export function findSegments(source: VehicleSource | null, args: SegmentsArgs, nowUs: number): SegmentResult[] {
  const { segments } = detectSegments(source, args, nowUs);
  if (!source) return [];
  const requests = summaryRequests(args.mechanism, args.signalRequests ?? []);
  return segments.map((segment) => ({
    start: { timestamp: segment.startUs, value: segment.start },
    end: segment.isOngoing ? null : { timestamp: segment.endUs, value: segment.end },
    duration: Math.trunc((segment.endUs - segment.startUs) / 1e6),
    isOngoing: segment.isOngoing,
    startedBeforeRange: segment.startedBeforeRange,
    signals: summarize(source, segment.startUs, segment.endUs + 1, requests),
    // An ongoing segment counts the events up to the range's end, a finished one up to its end (exclusive).
    eventCounts: eventCounts(source, segment.startUs, segment.endUs, args.eventRequests, nowUs),
  }));
}
