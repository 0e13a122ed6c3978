import type { Feature, Point } from "geojson";
import { describe, expect, it } from "vitest";
import { HEAT_OPACITY, MIN_HEAVIEST, RAMP_SIZE, heatPointsOf, heatRadius, heatRamp, rampPlace } from "./density-heat";
import { MAP_PALETTES } from "../map-theme";
import { mercatorX, mercatorY, rgbaOf } from "./webgl";

const point = (lng: number, lat: number, properties: Record<string, unknown> = {}): Feature<Point> => ({
  type: "Feature",
  properties,
  geometry: { type: "Point", coordinates: [lng, lat] },
});

describe("heatPointsOf", () => {
  it("keeps each group's place relative to the first one and weighs it by the starts and ends it holds", () => {
    const points = heatPointsOf([
      point(-122.4, 37.8, { point_count: 12 }),
      point(-122.3, 37.7),
      point(-121.9, 37.3, { point_count: 3 }),
    ]);
    expect(points.count).toBe(3);
    // The starts and ends they stand for, all together.
    expect((points.data[2] ?? 0) + (points.data[5] ?? 0) + (points.data[8] ?? 0)).toBe(16);
    expect(points.heaviest).toBe(12);
    expect(points.origin).toEqual([mercatorX(-122.4), mercatorY(37.8)]);
    expect(Array.from(points.data.subarray(0, 3))).toEqual([0, 0, 12]);
    expect(points.data[3]).toBeCloseTo(mercatorX(-122.3) - mercatorX(-122.4), 9);
    expect(points.data[4]).toBeCloseTo(mercatorY(37.7) - mercatorY(37.8), 9);
    expect(points.data[5]).toBe(1);
    expect(points.data[8]).toBe(3);
  });

  it("draws nothing for an empty answer", () => {
    expect(heatPointsOf([])).toMatchObject({ count: 0, data: new Float32Array(0) });
  });

  it("never lets a few trips stand for the most", () => {
    expect(heatPointsOf([point(0, 0, { point_count: 3 }), point(1, 1)]).heaviest).toBe(MIN_HEAVIEST);
  });
});

describe("heatRadius", () => {
  it("follows the stops, linear between them and held beyond the ends", () => {
    expect(heatRadius(0)).toBe(3);
    expect(heatRadius(4)).toBe(6.5);
    expect(heatRadius(10)).toBe(14);
    expect(heatRadius(16)).toBe(30);
    expect(heatRadius(22)).toBe(30);
    expect(heatRadius(-1)).toBe(3);
  });
});

describe("rampPlace", () => {
  it("puts densities on a log scale from nothing to the heaviest point, and holds the rest at the top", () => {
    expect(rampPlace(0, 1_000)).toBe(0);
    expect(rampPlace(1_000, 1_000)).toBe(1);
    expect(rampPlace(5_000, 1_000)).toBe(1);
    // Ten trips sit a third of the way to a thousand, a hundred two thirds: each tenfold is the same step.
    expect(rampPlace(9.009, 1_000)).toBeCloseTo(1 / 3, 2);
    expect(rampPlace(99.1, 1_000)).toBeCloseTo(2 / 3, 2);
    // One trip beside a place of 100,000 still shows: over a third of the way to the ramp's first colour, at 0.15.
    expect(rampPlace(1, 100_000)).toBeGreaterThan(0.15 / 3);
  });
});

describe("heatRamp", () => {
  const bytes = (ramp: Uint8Array, step: number) => Array.from(ramp.subarray(step * 4, step * 4 + 4));
  /** A theme colour as the ramp holds it: premultiplied by its alpha and the layer's opacity. */
  const premultiplied = (colour: string) => {
    const [r, g, b, a] = rgbaOf(colour);
    const alpha = a * HEAT_OPACITY;
    return [r, g, b].map((value) => Math.round(value * alpha * 255)).concat(Math.round(alpha * 255));
  };

  it("is clear where there is no density and the theme's hottest colour where it is densest", () => {
    for (const theme of ["light", "dark"] as const) {
      const ramp = heatRamp(theme);
      expect(ramp).toHaveLength(RAMP_SIZE * 4);
      expect(bytes(ramp, 0)).toEqual([0, 0, 0, 0]);
      expect(bytes(ramp, RAMP_SIZE - 1)).toEqual(premultiplied(MAP_PALETTES[theme].heat[4]));
    }
  });

  it("passes through each colour at its stop, and blends between them", () => {
    const ramp = heatRamp("light");
    const heat = MAP_PALETTES.light.heat;
    // 0.4 of the way lands on a step (102 of 255): the third colour, exactly.
    expect(bytes(ramp, 102)).toEqual(premultiplied(heat[2]));
    // Half way between the stops at 0.4 and 0.7 (0.55, step 140.25): between the third and fourth colours.
    const [r, g, b] = bytes(ramp, 140);
    const [r2, g2, b2] = premultiplied(heat[2]);
    const [r3, g3, b3] = premultiplied(heat[3]);
    for (const [value, low, high] of [
      [r, r2, r3],
      [g, g2, g3],
      [b, b2, b3],
    ] as const) {
      expect(value).toBeGreaterThanOrEqual(Math.min(low ?? 0, high ?? 0));
      expect(value).toBeLessThanOrEqual(Math.max(low ?? 0, high ?? 0));
    }
    // Fading in from nothing: the alpha only grows up to the first colour.
    const alphas = Array.from({ length: 39 }, (_, step) => ramp[step * 4 + 3] ?? 0);
    expect(alphas).toEqual([...alphas].sort((a, b) => a - b));
    expect(alphas.at(-1)).toBeGreaterThan(200);
  });
});

describe("rgbaOf", () => {
  it("reads hex and rgba() colours", () => {
    expect(rgbaOf("#ff8000")).toEqual([1, 128 / 255, 0, 1]);
    expect(rgbaOf("rgba(59,91,253,0)")).toEqual([59 / 255, 91 / 255, 253 / 255, 0]);
    expect(rgbaOf("rgba(10, 20, 30, 0.5)")).toEqual([10 / 255, 20 / 255, 30 / 255, 0.5]);
  });
});
