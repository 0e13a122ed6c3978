import { type FloatAggregation, type SignalName } from "@/lib/telemetry-signals";

/**
 * The Overview's history chart: the windows it offers, the bucket each is drawn with (a Go-style duration, as the
 * Telemetry API takes it; about 100 to 300 buckets a window, enough for a chart a few hundred pixels wide), and the
 * aggregation per signal, in words. No I/O: the server reads and the chart share it.
 */

export const HISTORY_WINDOWS = [
  { id: "24h", label: "Last 24 hours", ms: 24 * 3_600_000, interval: "5m", intervalWords: "5 minutes" },
  { id: "7d", label: "Last 7 days", ms: 7 * 24 * 3_600_000, interval: "1h", intervalWords: "1 hour" },
  { id: "30d", label: "Last 30 days", ms: 30 * 24 * 3_600_000, interval: "6h", intervalWords: "6 hours" },
] as const;

export type HistoryWindowId = (typeof HISTORY_WINDOWS)[number]["id"];
export const HISTORY_WINDOW_IDS = HISTORY_WINDOWS.map((window) => window.id) as [HistoryWindowId, ...HistoryWindowId[]];

export function historyWindow(id: HistoryWindowId) {
  return HISTORY_WINDOWS.find((window) => window.id === id) ?? HISTORY_WINDOWS[0];
}

/**
 * The aggregation that reads right for each signal: the highest for speed and ignition (a bucket with any driving
 * shows it), the last for counters and levels (where the bucket ended), the average for the rest.
 */
const AGGREGATIONS: Partial<Record<SignalName, FloatAggregation>> = {
  speed: "MAX",
  isIgnitionOn: "MAX",
  powertrainTransmissionTravelledDistance: "LAST",
  powertrainTractionBatteryStateOfChargeCurrent: "LAST",
  powertrainFuelSystemRelativeLevel: "LAST",
  powertrainRange: "LAST",
};

export function aggregationFor(signal: SignalName): FloatAggregation {
  return AGGREGATIONS[signal] ?? "AVG";
}

const AGGREGATION_WORDS: Record<FloatAggregation, string> = {
  AVG: "the average",
  MED: "the median",
  MAX: "the highest value",
  MIN: "the lowest value",
  RAND: "one sampled value",
  FIRST: "the first value",
  LAST: "the last value",
};

/** "the highest value in each 5-minute bucket" */
export function describeAggregation(aggregation: FloatAggregation, intervalWords: string): string {
  return `${AGGREGATION_WORDS[aggregation]} in each ${intervalWords
    .replace(/^1 /, "")
    .replace(/^(\d+) /, "$1-")
    .replace(/s$/, "")} bucket`;
}

/** Telemetry segments are read over the last 30 days, within the service's 31-day limit. */
export const SEGMENTS_WINDOW_DAYS = 30;
