import { type SignalPoint } from "@/lib/models";
import { catalogSignal } from "./catalog";

/**
 * A signal's history shaped for a chart: every bucket of the window on one time grid, with null where the vehicle sent
 * nothing, so a parked night is a gap rather than a zero or a line drawn across it; and the value axis's range, from 0
 * for the signals whose zero is a floor (a speed, a level, a distance) rather than a point on a scale (a temperature,
 * a voltage, a power that runs both ways). No I/O.
 */

/** Units whose values are magnitudes that cannot go below 0, so their axis starts at 0. */
const ZERO_BASED_UNITS: ReadonlySet<string> = new Set([
  "km/h",
  "km",
  "percent",
  "rpm",
  "l",
  "l/h",
  "kWh",
  "kW",
  "kg",
  "g/s",
  "kPa",
  "degrees",
]);

/** Whether a signal's axis starts at 0: its catalog unit is a magnitude, or it is a yes/no flag (0 or 1). */
export function isZeroBased(signal: string): boolean {
  const info = catalogSignal(signal);
  if (!info || info.kind !== "float") return false;
  return info.display.as === "flag" || ZERO_BASED_UNITS.has(info.unit);
}

interface HistorySeries {
  /** Bucket starts, in seconds since the epoch (the chart's time scale), one per bucket of the window. */
  times: number[];
  /** The bucket's value, or null when it holds no reading. */
  values: (number | null)[];
}

/**
 * The window's buckets from `from` to `to`, aligned on the points' own bucket starts, each with its point's value or
 * null. Points are the buckets with data, oldest first.
 */
export function historySeries(
  points: readonly SignalPoint[],
  intervalMs: number,
  from: string,
  to: string,
): HistorySeries {
  const first = points[0];
  if (!first || intervalMs <= 0) return { times: [], values: [] };
  const anchor = Date.parse(first.timestamp);
  const fromMs = Math.min(Date.parse(from), anchor);
  const lastMs = Math.max(Date.parse(to), Date.parse(points.at(-1)?.timestamp ?? first.timestamp));
  const start = anchor - Math.floor((anchor - fromMs) / intervalMs) * intervalMs;
  const count = Math.floor((lastMs - start) / intervalMs) + 1;
  const times = Array.from({ length: count }, (_, index) => (start + index * intervalMs) / 1000);
  const values: (number | null)[] = Array.from({ length: count }, () => null);
  for (const point of points) {
    const index = Math.round((Date.parse(point.timestamp) - start) / intervalMs);
    if (index >= 0 && index < count && Number.isFinite(point.value)) values[index] = point.value;
  }
  return { times, values };
}

/**
 * The value axis's range: from 0 (or below, should a value be) for a zero-based signal, else around the values with
 * a little room; never empty, so a flat series still has an axis.
 */
export function valueRange(values: readonly (number | null)[], zeroBased: boolean): [number, number] {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return [0, 1];
  let low = Math.min(...present);
  let high = Math.max(...present);
  if (zeroBased) {
    low = Math.min(0, low);
    high = Math.max(high, 0);
    return high > low ? [low, high + (high - low) * 0.05] : [low, low + 1];
  }
  if (high === low) return [low - 1, high + 1];
  const room = (high - low) * 0.1;
  return [low - room, high + room];
}
