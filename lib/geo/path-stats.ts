import type { TripPath } from "@/lib/models";
import { haversineKm } from "./distance";

/**
 * What a trip's path says about the drive: distance along the path (not the straight line), time moving and
 * stopped, average and top speed. Pure, so the panel, the export and the tests share one reading.
 */

/** Below this the vehicle counts as stopped (a crawl in traffic still counts as moving). */
const STOPPED_KMH = 3;

export interface PathStats {
  distanceKm: number;
  durationSeconds: number;
  movingSeconds: number;
  stoppedSeconds: number;
  /** Distance over moving time; null when it never moved. */
  averageMovingKmh: number | null;
  /** The highest speed signal on the path, or the fastest leg between fixes when the grant gives no speed. */
  topKmh: number | null;
}

const at = (path: TripPath, i: number) => {
  const [longitude, latitude] = path.coordinates[i] ?? [0, 0];
  return { latitude, longitude };
};

/** Kilometres from the first point to each point: `cumulative[i]` is the distance driven to point i. */
export function cumulativeKm(path: TripPath): number[] {
  const result = [0];
  for (let i = 1; i < path.coordinates.length; i++)
    result.push((result[i - 1] ?? 0) + haversineKm(at(path, i - 1), at(path, i)));
  return result;
}

/** The speed at point i: the signal when there is one, else the leg's distance over its time. */
export function speedAt(path: TripPath, i: number): number {
  const signal = path.speeds[i];
  if (typeof signal === "number") return signal;
  if (i === 0) return 0;
  const hours = ((path.times[i] ?? 0) - (path.times[i - 1] ?? 0)) / 3_600_000;
  return hours > 0 ? haversineKm(at(path, i - 1), at(path, i)) / hours : 0;
}

export function pathStats(path: TripPath): PathStats {
  const n = path.coordinates.length;
  const distances = cumulativeKm(path);
  const distanceKm = distances.at(-1) ?? 0;
  let movingSeconds = 0;
  let topKmh: number | null = null;
  for (let i = 1; i < n; i++) {
    const seconds = ((path.times[i] ?? 0) - (path.times[i - 1] ?? 0)) / 1000;
    const legKm = (distances[i] ?? 0) - (distances[i - 1] ?? 0);
    // A leg counts as moving when the vehicle went faster than a crawl over it.
    if (seconds > 0 && (legKm / seconds) * 3600 >= STOPPED_KMH) movingSeconds += seconds;
  }
  for (let i = 0; i < n; i++) {
    const speed = speedAt(path, i);
    if (topKmh === null || speed > topKmh) topKmh = speed;
  }
  const durationSeconds = n > 1 ? ((path.times[n - 1] ?? 0) - (path.times[0] ?? 0)) / 1000 : 0;
  return {
    distanceKm,
    durationSeconds,
    movingSeconds,
    stoppedSeconds: Math.max(0, durationSeconds - movingSeconds),
    averageMovingKmh: movingSeconds > 0 ? distanceKm / (movingSeconds / 3600) : null,
    topKmh,
  };
}

/** The point reached at `timeMs`, as an index and the fraction of the way to the next point (for the replay). */
export function positionAt(path: TripPath, timeMs: number): { index: number; fraction: number } {
  const times = path.times;
  if (times.length === 0 || timeMs <= (times[0] ?? 0)) return { index: 0, fraction: 0 };
  if (timeMs >= (times.at(-1) ?? 0)) return { index: times.length - 1, fraction: 0 };
  let lo = 0;
  let hi = times.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? 0) <= timeMs) lo = mid;
    else hi = mid;
  }
  const span = (times[hi] ?? 0) - (times[lo] ?? 0);
  return { index: lo, fraction: span > 0 ? (timeMs - (times[lo] ?? 0)) / span : 0 };
}

/** The longitude and latitude at `timeMs`, between the two fixes around it. */
export function lngLatAt(path: TripPath, timeMs: number): [number, number] {
  const { index, fraction } = positionAt(path, timeMs);
  const a = path.coordinates[index] ?? [0, 0];
  const b = path.coordinates[index + 1] ?? a;
  return [a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction];
}
