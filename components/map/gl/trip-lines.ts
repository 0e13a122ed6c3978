import { type WindowBounds, inBounds } from "@/components/trips/time-window";
import type { PointStore } from "@/components/trips/point-store";
import { mercatorX, mercatorY } from "./webgl";

/** The lines to draw: `[x0, y0, x1, y1, ...]` relative to `origin`, two vertices a trip. */
export interface TripLines {
  vertices: Float32Array;
  origin: [number, number];
  /** How many trips the vertices hold. */
  count: number;
  /** The point store's entry of each line's trip. */
  entries: Uint32Array;
}

/** How strongly one line shows: many overlapping lines add up, so each is fainter the more there are. */
export function lineAlpha(count: number): number {
  if (count <= 0) return 0;
  return Math.min(0.9, Math.max(0.06, 6 / Math.sqrt(count)));
}

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
  const entries = new Uint32Array(Math.min(store.count, limit));
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
    entries[count] = i;
    count++;
  }
  return {
    vertices: vertices.subarray(0, count * 4),
    origin: origin ?? [0, 0],
    count,
    entries: entries.subarray(0, count),
  };
}

/**
 * The store entries of the lines that pass within `tolerance` of a point, both in Web Mercator units (the map is
 * never rotated or tilted, so a distance there is a distance on screen, scaled), in the lines' order. A plain walk:
 * 100,000 lines take a millisecond or two, quick enough for every move of the pointer.
 */
export function linesNear(lines: TripLines, [x, y]: readonly [number, number], tolerance: number): number[] {
  const px = x - lines.origin[0];
  const py = y - lines.origin[1];
  const limit = tolerance * tolerance;
  const near: number[] = [];
  const v = lines.vertices;
  for (let i = 0; i < lines.count; i++) {
    const x0 = v[4 * i] ?? 0;
    const y0 = v[4 * i + 1] ?? 0;
    const dx = (v[4 * i + 2] ?? 0) - x0;
    const dy = (v[4 * i + 3] ?? 0) - y0;
    const length = dx * dx + dy * dy;
    // The segment's closest point to the pointer, held to its ends.
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / length));
    const ex = x0 + t * dx - px;
    const ey = y0 + t * dy - py;
    if (ex * ex + ey * ey <= limit) near.push(lines.entries[i] ?? 0);
  }
  return near;
}
