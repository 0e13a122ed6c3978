import { type WindowBounds, inBounds } from "@/components/trips/time-window";
import type { PointStore } from "@/components/trips/point-store";
import type { TripLines } from "./trip-lines-layer";
import { mercatorX, mercatorY } from "./webgl";

/**
 * The store's trips that start in `bounds` as straight lines for TripLinesLayer: one a trip with both a start and an
 * end, at most `limit` of them (the newest first, as the store holds them). 100,000 trips take a few milliseconds.
 */
export function tripLinesOf(
  store: Pick<PointStore, "count" | "coordinates" | "ends" | "startTimes">,
  bounds: WindowBounds,
  limit = Infinity,
): TripLines {
  const vertices = new Float32Array(Math.min(store.count, limit) * 4);
  let origin: [number, number] | null = null;
  let count = 0;
  for (let i = 0; i < store.count && count < limit; i++) {
    if (!inBounds(store.startTimes[i] ?? NaN, bounds)) continue;
    const endLng = store.ends[2 * i] ?? NaN;
    const endLat = store.ends[2 * i + 1] ?? NaN;
    if (!Number.isFinite(endLng) || !Number.isFinite(endLat)) continue;
    const x0 = mercatorX(store.coordinates[2 * i] ?? 0);
    const y0 = mercatorY(store.coordinates[2 * i + 1] ?? 0);
    origin ??= [x0, y0];
    const k = count * 4;
    vertices[k] = x0 - origin[0];
    vertices[k + 1] = y0 - origin[1];
    vertices[k + 2] = mercatorX(endLng) - origin[0];
    vertices[k + 3] = mercatorY(endLat) - origin[1];
    count++;
  }
  return { vertices: vertices.subarray(0, count * 4), origin: origin ?? [0, 0], count };
}
