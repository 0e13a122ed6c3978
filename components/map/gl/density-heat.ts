import type { Feature, Point } from "geojson";
import { MAP_PALETTES, type MapTheme } from "../map-theme";
import { mercatorX, mercatorY, rgbaOf } from "./webgl";

/**
 * The density view's numbers, as the GPU draws them (density-layer.ts): the worker's groups of starts and ends as
 * weighted points, how wide each point's glow is at a zoom, how a density becomes a place on the colour ramp, and the
 * colours.
 */

/** The points to draw: `[x, y, weight, ...]`, x and y Web Mercator relative to `origin` (webgl.ts). */
export interface HeatPoints {
  data: Float32Array;
  origin: [number, number];
  count: number;
  /** The weight the ramp's last colour stands for: the heaviest point's, and never under MIN_HEAVIEST. */
  heaviest: number;
}

/**
 * The least weight the ramp's last colour stands for: where every place saw a trip or two, they show as few, not as
 * the most a vehicle can do.
 */
export const MIN_HEAVIEST = 10;

/** A worker answer's groups as weighted points: a group weighs the starts and ends it holds (clustering.ts). */
export function heatPointsOf(features: readonly Feature<Point>[]): HeatPoints {
  const data = new Float32Array(features.length * 3);
  const [firstLng = 0, firstLat = 0] = features[0]?.geometry.coordinates ?? [];
  const origin: [number, number] = [mercatorX(firstLng), mercatorY(firstLat)];
  let heaviest = MIN_HEAVIEST;
  features.forEach((feature, i) => {
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    const count = feature.properties?.point_count;
    const pointWeight = typeof count === "number" ? count : 1;
    data[i * 3] = mercatorX(lng) - origin[0];
    data[i * 3 + 1] = mercatorY(lat) - origin[1];
    data[i * 3 + 2] = pointWeight;
    heaviest = Math.max(heaviest, pointWeight);
  });
  return { data, origin, count: features.length, heaviest };
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

// Wider as the map zooms in, so that a place stays a place rather than a scatter of dots.
const RADIUS: ReadonlyArray<readonly [number, number]> = [
  [0, 3],
  [8, 10],
  [12, 18],
  [16, 30],
];

/** How far a single trip's glow reaches at a zoom, in CSS pixels (a heavier point's reaches further). */
export function heatRadius(zoom: number): number {
  return alongZoom(RADIUS, zoom);
}

/**
 * Where a density falls on the colour ramp, from 0 to 1: on a log scale from one trip's worth to the heaviest
 * point's, so that a place visited ten times stands apart from one visited a thousand times as much as one visited
 * once does from ten times. Linear, every busy place was the same solid colour. `density` is in trips (the sum of
 * the glows there); the shader computes the same.
 */
export function rampPlace(density: number, heaviest: number): number {
  if (!(density > 0)) return 0;
  return Math.min(1, Math.log1p(density) / Math.log1p(heaviest));
}

/** The density view over the basemap: a little of the map shows through the brightest places. */
export const HEAT_OPACITY = 0.85;

/** Where the theme's five heat colours sit along the ramp, from none to the most; the legend draws the same. */
export const RAMP_STOPS = [0, 0.15, 0.4, 0.7, 1] as const;
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
    const upper = Math.max(
      1,
      RAMP_STOPS.findIndex((stop) => density <= stop),
    );
    const from = RAMP_STOPS[upper - 1] ?? 0;
    const to = RAMP_STOPS[upper] ?? 1;
    const t = (density - from) / (to - from);
    const low = colours[upper - 1] ?? [0, 0, 0, 0];
    const high = colours[upper] ?? low;
    const [r, g, b, a] = low.map((value, i) => value + t * ((high[i] ?? value) - value)) as [
      number,
      number,
      number,
      number,
    ];
    const alpha = a * HEAT_OPACITY;
    ramp.set([r, g, b].map((value) => Math.round(value * alpha * 255)).concat(Math.round(alpha * 255)), step * 4);
  }
  return ramp;
}
