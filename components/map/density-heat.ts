import type { Feature, Point } from "geojson";
import { MAP_PALETTES, type MapTheme } from "./map-theme";
import { mercatorX, mercatorY, rgbaOf } from "./webgl";

/**
 * The density view's numbers, as the GPU draws them (density-layer.ts): the worker's groups of starts and ends as
 * weighted points, how wide and strong each point's glow is at a zoom, and the colours a density takes.
 */

/** The points to draw: `[x, y, weight, ...]`, x and y Web Mercator relative to `origin` (webgl.ts). */
export interface HeatPoints {
  data: Float32Array;
  origin: [number, number];
  count: number;
  /** The starts and ends they stand for, all together. */
  weight: number;
}

/** A worker answer's groups as weighted points: a group weighs the starts and ends it holds (clustering.ts). */
export function heatPointsOf(features: readonly Feature<Point>[]): HeatPoints {
  const data = new Float32Array(features.length * 3);
  const [firstLng = 0, firstLat = 0] = features[0]?.geometry.coordinates ?? [];
  const origin: [number, number] = [mercatorX(firstLng), mercatorY(firstLat)];
  let weight = 0;
  features.forEach((feature, i) => {
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    const count = feature.properties?.point_count;
    const pointWeight = typeof count === "number" ? count : 1;
    data[i * 3] = mercatorX(lng) - origin[0];
    data[i * 3 + 1] = mercatorY(lat) - origin[1];
    data[i * 3 + 2] = pointWeight;
    weight += pointWeight;
  });
  return { data, origin, count: features.length, weight };
}

/** Linear between `[zoom, value]` stops, held at the ends. */
function alongZoom(stops: ReadonlyArray<readonly [number, number]>, zoom: number): number {
  const after = stops.findIndex(([at]) => zoom < at);
  if (after === 0) return stops[0]?.[1] ?? 0;
  if (after === -1) return stops.at(-1)?.[1] ?? 0;
  const [z0, v0] = stops[after - 1] ?? [0, 0];
  const [z1, v1] = stops[after] ?? [0, 0];
  return v0 + ((zoom - z0) / (z1 - z0)) * (v1 - v0);
}

// Stronger as the map zooms in, so that a corridor stays a line rather than melting into one blob; wider too, so
// that a place stays a place rather than a scatter of dots.
const INTENSITY: ReadonlyArray<readonly [number, number]> = [
  [0, 0.6],
  [10, 1.2],
  [15, 2.5],
];
const RADIUS: ReadonlyArray<readonly [number, number]> = [
  [0, 3],
  [8, 10],
  [12, 18],
  [16, 30],
];

/** A point's glow at a zoom: its radius in CSS pixels, and what its weight is multiplied by. */
export function heatAtZoom(zoom: number): { radius: number; intensity: number } {
  return { radius: alongZoom(RADIUS, zoom), intensity: alongZoom(INTENSITY, zoom) };
}

/** The density view over the basemap: a little of the map shows through the brightest places. */
export const HEAT_OPACITY = 0.85;

/** Where the theme's five heat colours sit along the density, from none to the most. */
const RAMP_STOPS = [0, 0.15, 0.4, 0.7, 1] as const;
export const RAMP_SIZE = 256;

/**
 * The colour of each density from 0 to 1 in RAMP_SIZE steps, as RGBA bytes premultiplied by their alpha and by
 * HEAT_OPACITY (the map blends premultiplied colours): the theme's heat colours, linear between their stops.
 */
export function heatRamp(theme: MapTheme): Uint8Array {
  const colours = MAP_PALETTES[theme].heat.map(rgbaOf);
  const ramp = new Uint8Array(RAMP_SIZE * 4);
  for (let step = 0; step < RAMP_SIZE; step++) {
    const density = step / (RAMP_SIZE - 1);
    const upper = Math.max(1, RAMP_STOPS.findIndex((stop) => density <= stop));
    const from = RAMP_STOPS[upper - 1] ?? 0;
    const to = RAMP_STOPS[upper] ?? 1;
    const t = (density - from) / (to - from);
    const low = colours[upper - 1] ?? [0, 0, 0, 0];
    const high = colours[upper] ?? low;
    const [r, g, b, a] = low.map((value, i) => value + t * ((high[i] ?? value) - value)) as [number, number, number, number];
    const alpha = a * HEAT_OPACITY;
    ramp.set([r, g, b].map((value) => Math.round(value * alpha * 255)).concat(Math.round(alpha * 255)), step * 4);
  }
  return ramp;
}
