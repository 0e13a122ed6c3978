import type { Feature, Point } from "geojson";
import { describe, expect, it } from "vitest";
import { COUNT_STEPS, clusterColors, clusterRadii } from "../cluster-layers";
import {
  CIRCLE_FLOATS,
  type ClusterMark,
  GLYPH_FLOATS,
  type GlyphAtlas,
  countStep,
  labelSize,
  markAt,
  markBuffers,
  markStyle,
  marksOf,
} from "./cluster-marks";
import { MAP_PALETTES } from "../map-theme";
import { mercatorX, mercatorY, rgbOf } from "./webgl";

const cluster = (lng: number, lat: number, count: number, id: number, label = String(count)): Feature<Point> => ({
  type: "Feature",
  properties: { cluster: true, cluster_id: id, point_count: count, point_count_abbreviated: label },
  geometry: { type: "Point", coordinates: [lng, lat] },
});
const single = (lng: number, lat: number, i: number): Feature<Point> => ({
  type: "Feature",
  properties: { i },
  geometry: { type: "Point", coordinates: [lng, lat] },
});

/** Three characters, each advancing 10 atlas pixels in a 14-pixel cell, drawn at 20 px. */
const ATLAS: GlyphAtlas = {
  width: 60,
  height: 30,
  fontPx: 20,
  pad: 2,
  middle: 12,
  glyphs: new Map([
    ["1", { x: 0, y: 0, width: 14, height: 30, advance: 10 }],
    ["2", { x: 20, y: 0, width: 14, height: 30, advance: 10 }],
    ["k", { x: 40, y: 0, width: 14, height: 30, advance: 10 }],
  ]),
};

describe("marksOf", () => {
  it("puts the clusters first and the single starts after them, which are drawn on top", () => {
    const marks = marksOf([single(1, 2, 7), cluster(3, 4, 1_200, 9, "1.2k"), single(5, 6, 8)]);
    expect(marks.map((mark) => [mark.count, mark.clusterId, mark.index, mark.label])).toEqual([
      [1_200, 9, null, "1.2k"],
      [1, null, 7, ""],
      [1, null, 8, ""],
    ]);
  });
});

describe("the circles", () => {
  it("step their size and colour at the legend's bounds", () => {
    expect([1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999].map(countStep)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    expect(COUNT_STEPS).toEqual([10, 100, 1_000, 10_000]);
    expect([5, 50, 500, 5_000].map(labelSize)).toEqual([11, 11, 12, 13]);
  });

  it("hold each mark's place relative to the first, its radius, stroke and premultiplied fill", () => {
    const marks = marksOf([cluster(-122.68, 45.52, 250, 1), single(-122.6, 45.5, 3)]);
    const { origin, circles, circleCount } = markBuffers(marks, "dark", null);
    expect(circleCount).toBe(2);
    expect(origin).toEqual([mercatorX(-122.68), mercatorY(45.52)]);
    const [r, g, b] = rgbOf(clusterColors("dark")[2]);
    expect(Array.from(circles.subarray(0, CIRCLE_FLOATS))).toEqual(
      [0, 0, clusterRadii()[2] ?? 0, 1.5, r * 0.9, g * 0.9, b * 0.9, 0.9].map((value) => Math.fround(value)),
    );
    const second = Array.from(circles.subarray(CIRCLE_FLOATS, 2 * CIRCLE_FLOATS));
    expect(second[0]).toBeCloseTo(mercatorX(-122.6) - mercatorX(-122.68), 9);
    expect(second[1]).toBeCloseTo(mercatorY(45.5) - mercatorY(45.52), 9);
    expect(second.slice(2)).toEqual([5, 1, ...rgbOf(MAP_PALETTES.dark.start), 1].map((value) => Math.fround(value)));
  });

  it("draw a faded single point larger and see-through, and leave clusters as they are", () => {
    const [cluster250, point] = marksOf([cluster(0, 0, 250, 1), single(1, 1, 3)]);
    if (!cluster250 || !point) throw new Error("two marks expected");
    const faded = markStyle({ ...point, faded: true }, "light");
    const solid = markStyle(point, "light");
    expect(faded.radius).toBeGreaterThan(solid.radius);
    expect(faded.fill[3]).toBeLessThan(1);
    expect(faded.fill.slice(0, 3)).toEqual(solid.fill.slice(0, 3).map((value) => value * faded.fill[3]));
    expect(markStyle({ ...cluster250, faded: true }, "light")).toEqual(markStyle(cluster250, "light"));
  });
});

describe("the counts", () => {
  it("are one quad per character, centred on the circle, at the count's size", () => {
    const { glyphs, glyphCount } = markBuffers(
      marksOf([cluster(0, 0, 12_000, 1, "12k"), single(1, 1, 0)]),
      "light",
      ATLAS,
    );
    expect(glyphCount).toBe(3);
    // 13 px text from a 20 px atlas: each character advances 6.5 px, the three 19.5 px, starting 9.75 px left.
    const scale = 13 / 20;
    const quads = Array.from({ length: 3 }, (_, i) =>
      Array.from(glyphs.subarray(i * GLYPH_FLOATS, (i + 1) * GLYPH_FLOATS)),
    );
    quads.forEach((quad, i) => {
      const left = -9.75 + i * 6.5 - 2 * scale;
      expect(quad.slice(0, 2)).toEqual([0, 0]);
      expect(quad[2]).toBeCloseTo(left, 5);
      expect(quad[3]).toBeCloseTo(-12 * scale, 5);
      expect(quad[4]).toBeCloseTo(left + 14 * scale, 5);
      expect(quad[5]).toBeCloseTo((30 - 12) * scale, 5);
    });
    // Each quad samples its own character's cell: "1", "2", "k".
    expect(quads.map((quad) => quad.slice(6).map((value) => Math.round(value * 60)))).toEqual([
      [0, 0, 14, 60],
      [20, 0, 34, 60],
      [40, 0, 54, 60],
    ]);
  });

  it("wait for the atlas: without it the circles are drawn alone", () => {
    expect(markBuffers(marksOf([cluster(0, 0, 12, 1)]), "light", null).glyphCount).toBe(0);
  });
});

describe("markAt", () => {
  const project = (mark: ClusterMark) => ({ x: mark.lng, y: mark.lat });
  const marks = marksOf([cluster(100, 100, 50, 1), single(108, 100, 4)]);

  it("finds the mark drawn on top under the point, within its circle and stroke", () => {
    // The single start (radius 5, stroke 1) is drawn over the cluster (radius 12, stroke 1.5).
    expect(markAt(marks, { x: 108, y: 100 }, project)?.index).toBe(4);
    expect(markAt(marks, { x: 100 - 13.5, y: 100 }, project)?.clusterId).toBe(1);
    expect(markAt(marks, { x: 100 - 13.6, y: 100 }, project)).toBeNull();
    expect(markAt([], { x: 0, y: 0 }, project)).toBeNull();
  });
});
