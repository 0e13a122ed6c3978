import type { Trip } from "@/lib/models";

/**
 * Which stretch of the location history is a trip's path, and at what interval: the sandbox and the real vehicles
 * send a fix about every 5 s while driving, so a short trip is read at that rate and a long one at the interval that
 * keeps it under MAX_PATH_POINTS (an hour's drive: 10 s), enough to follow every street it turned into.
 */

const SAMPLE_SECONDS = 5;
export const MAX_PATH_POINTS = 360;

export interface PathWindow {
  from: string;
  to: string;
  interval: string;
}

/** The trip's window, `to` one second past its end so the fix at the end time falls inside; null without times. */
export function pathWindowOf(trip: Trip): PathWindow | null {
  const start = Date.parse(trip.start.time);
  const end = Date.parse(trip.end.time);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  const seconds = (end - start) / 1000;
  const interval = Math.max(SAMPLE_SECONDS, Math.ceil(seconds / MAX_PATH_POINTS));
  return { from: new Date(start).toISOString(), to: new Date(end + 1000).toISOString(), interval: `${interval}s` };
}
