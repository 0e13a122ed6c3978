import { type FloatAggregation } from "@/lib/telemetry-signals";
import { collectSamples, LOCATION_SIGNAL, type VehicleSource } from "../../telemetry/samples";
import { locationAggregate } from "./aggregate";
import { eventCounts } from "./events";
import { detectSegments, type SegmentsArgs, SEGMENTS_MAX_RANGE_US, summarize, summaryRequests } from "./segments";
import { badRequest } from "./signal-queries";

/**
 * `dailyActivity(...)`: one record per calendar day of the range in the requested time zone, days without activity
 * included, as the real service builds them (DIMO-Network/telemetry-api, internal/repositories GetDailyActivity). The
 * days run from the local midnight of `from`'s day to that of `to`'s day, each 24 hours after the one before (Go's
 * `Add(24 * time.Hour)`, so across a daylight-saving change the days shift by the hour, as there). A day counts the
 * segments that overlap it and the active seconds inside it; an ongoing segment counts as active to the day's end.
 */

export interface DailyActivityArgs extends Omit<SegmentsArgs, "limit" | "after"> {
  timezone?: string | null;
}

const DAY_US = 86_400e6;
const NO_LOCATION = { latitude: 0, longitude: 0, hdop: 0 };

/**
 * Go's time.LoadLocation accepts IANA names and their links ("US/Pacific"), spelt exactly as the zone files are, and
 * "UTC" and "Local"; not offsets such as "+01:00". Intl knows the same names but whatever their case, so a name must
 * also be spelt as zone names are: each part beginning with a capital or a digit.
 */
function checkTimeZone(name: string): string {
  if (name === "UTC" || name === "Local") return "UTC";
  let known = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)*$/.test(name);
  if (known) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: name });
    } catch {
      known = false;
    }
  }
  if (!known) throw badRequest(`invalid timezone "${name}": unknown time zone ${name}`);
  return name;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(zone: string, ms: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const parts = format.formatToParts(new Date(ms));
  const local = Date.UTC(
    part(parts, "year"),
    part(parts, "month") - 1,
    part(parts, "day"),
    part(parts, "hour"),
    part(parts, "minute"),
    part(parts, "second"),
  );
  return local - Math.floor(ms / 1000) * 1000;
}

/** The instant (µs) of local midnight of the day holding `us` in `zone`. */
export function localMidnight(zone: string, us: number): number {
  const ms = Math.floor(us / 1000);
  const local = new Date(ms + offsetMs(zone, ms));
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight may differ from the offset at `us`; two rounds settle it.
  let guess = midnightLocal - offsetMs(zone, midnightLocal);
  guess = midnightLocal - offsetMs(zone, guess);
  return guess * 1000;
}

type Mechanism = SegmentsArgs["mechanism"];

export interface DailyActivityResult {
  start: { timestamp: number; value: { latitude: number; longitude: number; hdop: number } };
  end: { timestamp: number; value: { latitude: number; longitude: number; hdop: number } };
  segmentCount: number;
  duration: number;
  signals: { name: string; agg: string; value: number }[];
  eventCounts: { name: string; count: number }[];
}

export function dailyActivity(
  source: VehicleSource | null,
  args: DailyActivityArgs,
  nowUs: number,
): DailyActivityResult[] {
  const mechanism: Mechanism = args.mechanism;
  if (mechanism === "idling" || mechanism === "refuel" || mechanism === "recharge") {
    throw badRequest(
      `dailyActivity does not accept mechanism ${mechanism}; use ignitionDetection, frequencyAnalysis, or changePointDetection`,
    );
  }
  const zone = args.timezone ? checkTimeZone(args.timezone) : "UTC";
  const fromDate = localMidnight(zone, args.from);
  const toDate = localMidnight(zone, args.to);
  if (fromDate > toDate) throw badRequest("from date must be before to date");
  if (toDate > nowUs) throw badRequest("to date cannot be in the future");
  if (toDate - fromDate > SEGMENTS_MAX_RANGE_US) throw badRequest("date range exceeds maximum of 32 days");

  const requests = summaryRequests(mechanism, args.signalRequests ?? []);
  const { segments } = detectSegments(
    source,
    { ...args, from: fromDate, to: toDate + DAY_US, signalRequests: requests, limit: null, after: null },
    nowUs,
    true,
  );

  const days: DailyActivityResult[] = [];
  for (let dayStart = fromDate; dayStart <= toDate; dayStart += DAY_US) {
    const dayEnd = dayStart + DAY_US;
    let segmentCount = 0;
    let activeUs = 0;
    let first: (typeof segments)[number] | undefined;
    let last: (typeof segments)[number] | undefined;
    for (const segment of segments) {
      const segmentEnd = segment.isOngoing ? dayEnd : Math.min(segment.endUs, dayEnd);
      if (segment.startUs > dayEnd || segmentEnd < dayStart || segmentEnd <= segment.startUs) continue;
      segmentCount++;
      activeUs += Math.min(segmentEnd, dayEnd) - Math.max(segment.startUs, dayStart);
      first ??= segment;
      last = segment;
    }
    const summary = source ? daySummary(source, dayStart, dayEnd, requests, nowUs) : null;
    const startValue = first?.start ?? summary?.start ?? NO_LOCATION;
    const endValue = last && !last.isOngoing ? last.end : (summary?.end ?? NO_LOCATION);
    days.push({
      start: { timestamp: dayStart, value: startValue },
      end: { timestamp: dayEnd, value: endValue },
      segmentCount,
      duration: Math.trunc(activeUs / 1e6),
      signals: summary?.signals ?? [],
      eventCounts: source ? eventCounts(source, dayStart, dayEnd, args.eventRequests, nowUs) : [],
    });
  }
  return days;
}

/** The day's signal summary and its first and last fix, over [dayStart, dayEnd) up to now. */
function daySummary(
  source: VehicleSource,
  dayStart: number,
  dayEnd: number,
  requests: readonly { name: string; agg: FloatAggregation }[],
  nowUs: number,
) {
  const end = Math.min(dayEnd, nowUs);
  if (end <= dayStart) return { signals: [], start: null, end: null };
  const signals = summarize(source, dayStart, end, requests);
  const series = collectSamples(source, dayStart, end, new Set([LOCATION_SIGNAL])).location;
  const fixes = series.t.map((_, i) => ({
    latitude: series.lat[i] as number,
    longitude: series.lon[i] as number,
    hdop: series.hdop[i] as number,
  }));
  return { signals, start: locationAggregate("FIRST", fixes, 0), end: locationAggregate("LAST", fixes, 0) };
}
