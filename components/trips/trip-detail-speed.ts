import { speedAt } from "@/lib/geo/path-stats";
import type { SignalPoint, TripPath } from "@/lib/models";

/**
 * A trip's speed as the history chart draws it: one point per fix of its path, on the path's own bucket interval, so a
 * stretch the vehicle sent no location for is a gap in the line rather than a slope across it.
 */

/** The interval when the path has a single fix, and so no step to read it from. */
const LONE_FIX_INTERVAL_MS = 5_000;

export function tripSpeedSeries(path: TripPath): { points: SignalPoint[]; intervalMs: number } {
  const points = path.times.map((time, index) => ({
    timestamp: new Date(time).toISOString(),
    value: speedAt(path, index),
  }));
  // The fixes are bucket starts (one per interval asked for): the shortest step between two of them is the interval.
  let intervalMs = Number.POSITIVE_INFINITY;
  for (let index = 1; index < path.times.length; index++) {
    const step = (path.times[index] ?? 0) - (path.times[index - 1] ?? 0);
    if (step > 0) intervalMs = Math.min(intervalMs, step);
  }
  return { points, intervalMs: Number.isFinite(intervalMs) ? intervalMs : LONE_FIX_INTERVAL_MS };
}
