import { type Bounds, padBounds } from "./bounds";

/**
 * The arithmetic of a map's light preview (an SVG drawn before MapLibre is loaded): Web Mercator, as the real map
 * projects, so the preview's shapes are the ones the map shows, fitted into a drawing whose longer side is `size`.
 */

export interface PreviewFrame {
  width: number;
  height: number;
  project: (lngLat: readonly [number, number]) => [x: number, y: number];
}

const DEGREES = 180 / Math.PI;
const MAX_LATITUDE = 85.05112878;

/** Web Mercator's y for a latitude, in degrees like the longitude, growing northwards. */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  return Math.log(Math.tan(Math.PI / 4 + clamped / DEGREES / 2)) * DEGREES;
}

/** A drawing of `bounds` (at least `minSpanDegrees` across), with a margin of `margin` of its size on every side. */
export function previewFrame(bounds: Bounds, size = 1000, margin = 0.06, minSpanDegrees = 0.01): PreviewFrame {
  const [west, south, east, north] = padBounds(bounds, minSpanDegrees);
  const top = mercatorY(north);
  const spanX = east - west;
  const spanY = top - mercatorY(south);
  const scale = (size * (1 - 2 * margin)) / Math.max(spanX, spanY);
  const width = Math.round(spanX * scale + 2 * margin * size);
  const height = Math.round(spanY * scale + 2 * margin * size);
  const offset = margin * size;
  return {
    width,
    height,
    project: ([longitude, latitude]) => [
      offset + (longitude - west) * scale,
      offset + (top - mercatorY(latitude)) * scale,
    ],
  };
}

/**
 * An SVG path through the points, leaving out each point closer than `tolerance` drawing units to the last one kept:
 * a route of thousands of fixes becomes the few hundred strokes a preview can show. The last point is always kept.
 */
export function previewPath(coordinates: readonly (readonly [number, number])[], frame: PreviewFrame, tolerance = 1) {
  let path = "";
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  coordinates.forEach((point, index) => {
    const [x, y] = frame.project(point);
    const isLast = index === coordinates.length - 1;
    if (path && !isLast && Math.hypot(x - lastX, y - lastY) < tolerance) return;
    path += `${path ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`;
    lastX = x;
    lastY = y;
  });
  return path;
}
