import type { Feature, Point } from "geojson";
import { COUNT_STEPS, clusterColors, clusterRadii } from "../cluster-layers";
import { MAP_PALETTES, type MapTheme } from "../map-theme";
import { mercatorX, mercatorY, rgbOf } from "./webgl";

/**
 * The clusters view's marks as the cluster worker answers them (cluster-worker.ts), and the numbers the GPU draws
 * them from (cluster-marks-layer.ts): a circle each, sized and coloured by its count, and the count as text.
 */

/** A cluster of trip starts, or a single start. */
export interface ClusterMark {
  lng: number;
  lat: number;
  /** Trips it holds (1 for a single start). */
  count: number;
  /** The worker's cluster id; null for a single start. */
  clusterId: number | null;
  /** The point store's entry of a single start; null for a cluster. */
  index: number | null;
  /** The count as drawn ("12", "1.2k"); empty for a single start. */
  label: string;
  /** A single point known only roughly (an approximate location): drawn larger and see-through, an area more than a spot. */
  faded?: boolean;
}

/** The marks of a worker answer: clusters first, then single starts, which are drawn over them. */
export function marksOf(features: readonly Feature<Point>[]): ClusterMark[] {
  const clusters: ClusterMark[] = [];
  const singles: ClusterMark[] = [];
  for (const feature of features) {
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    const properties = feature.properties ?? {};
    const count = properties.point_count;
    if (typeof count === "number") {
      clusters.push({
        lng,
        lat,
        count,
        clusterId: Number(properties.cluster_id),
        index: null,
        label: String(properties.point_count_abbreviated ?? count),
      });
    } else {
      singles.push({
        lng,
        lat,
        count: 1,
        clusterId: null,
        index: typeof properties.i === "number" ? properties.i : null,
        label: "",
      });
    }
  }
  return [...clusters, ...singles];
}

/** The step (0 to 4) a count falls in: the legend's ranges, the circles' sizes and colours. */
export function countStep(count: number): number {
  const step = COUNT_STEPS.findIndex((bound) => count < bound);
  return step === -1 ? COUNT_STEPS.length : step;
}

const SINGLE_RADIUS = 5;
const FADED_RADIUS = 8;
const FADED_OPACITY = 0.35;
const CLUSTER_STROKE = 1.5;
const SINGLE_STROKE = 1;
const CLUSTER_OPACITY = 0.9;

/** A mark's circle and stroke width in CSS pixels, the same in every theme. */
export function markSize(mark: ClusterMark): { radius: number; stroke: number } {
  if (mark.clusterId === null) return { radius: mark.faded ? FADED_RADIUS : SINGLE_RADIUS, stroke: SINGLE_STROKE };
  return { radius: clusterRadii()[countStep(mark.count)] ?? SINGLE_RADIUS, stroke: CLUSTER_STROKE };
}

/** A mark's size, and its fill in a theme as premultiplied RGBA. */
export function markStyle(
  mark: ClusterMark,
  theme: MapTheme,
): { radius: number; stroke: number; fill: [number, number, number, number] } {
  if (mark.clusterId === null) {
    const [r, g, b] = rgbOf(MAP_PALETTES[theme].start);
    const a = mark.faded ? FADED_OPACITY : 1;
    return { ...markSize(mark), fill: [r * a, g * a, b * a, a] };
  }
  const [r, g, b] = rgbOf(clusterColors(theme)[countStep(mark.count)] ?? "#000000");
  const a = CLUSTER_OPACITY;
  return { ...markSize(mark), fill: [r * a, g * a, b * a, a] };
}

/** The count's text size in CSS pixels: a little larger on the larger circles. */
export const labelSize = (count: number) => (count < COUNT_STEPS[1] ? 11 : count < COUNT_STEPS[2] ? 12 : 13);

/** Where each character sits in the glyph atlas (count-glyphs.ts), in atlas pixels. */
export interface GlyphAtlas {
  width: number;
  height: number;
  /** The font size the glyphs were drawn at. */
  fontPx: number;
  /** Empty pixels around each glyph's advance, left and right (the halo's room). */
  pad: number;
  /** From a cell's top to the middle of a digit's height: where the label's anchor sits. */
  middle: number;
  glyphs: ReadonlyMap<string, { x: number; y: number; width: number; height: number; advance: number }>;
}

/** Floats per circle: x, y (relative to the origin), radius, stroke width, premultiplied RGBA fill. */
export const CIRCLE_FLOATS = 8;
/** Floats per glyph: anchor x, y (relative to the origin); left, top, right, bottom (CSS px from the anchor); atlas u0, v0, u1, v1. */
export const GLYPH_FLOATS = 10;

export interface MarkBuffers {
  origin: [number, number];
  circles: Float32Array;
  circleCount: number;
  glyphs: Float32Array;
  glyphCount: number;
}

/**
 * The marks as instance data: one circle each, and one quad per character of each label, centred on its circle.
 * Labels are left out without an atlas (the font is still loading).
 */
export function markBuffers(marks: readonly ClusterMark[], theme: MapTheme, atlas: GlyphAtlas | null): MarkBuffers {
  const first = marks[0];
  const origin: [number, number] = first ? [mercatorX(first.lng), mercatorY(first.lat)] : [0, 0];
  const circles = new Float32Array(marks.length * CIRCLE_FLOATS);
  const characters = atlas ? marks.reduce((sum, mark) => sum + mark.label.length, 0) : 0;
  const glyphs = new Float32Array(characters * GLYPH_FLOATS);
  let glyphCount = 0;
  marks.forEach((mark, i) => {
    const x = mercatorX(mark.lng) - origin[0];
    const y = mercatorY(mark.lat) - origin[1];
    const { radius, stroke, fill } = markStyle(mark, theme);
    circles.set([x, y, radius, stroke, ...fill], i * CIRCLE_FLOATS);
    if (!atlas || mark.label === "") return;
    const scale = labelSize(mark.count) / atlas.fontPx;
    let width = 0;
    for (const character of mark.label) width += atlas.glyphs.get(character)?.advance ?? 0;
    let cursor = (-width * scale) / 2;
    for (const character of mark.label) {
      const glyph = atlas.glyphs.get(character);
      if (!glyph) continue;
      const left = cursor - atlas.pad * scale;
      const top = -atlas.middle * scale;
      glyphs.set(
        [
          x,
          y,
          left,
          top,
          left + glyph.width * scale,
          top + glyph.height * scale,
          glyph.x / atlas.width,
          glyph.y / atlas.height,
          (glyph.x + glyph.width) / atlas.width,
          (glyph.y + glyph.height) / atlas.height,
        ],
        glyphCount * GLYPH_FLOATS,
      );
      glyphCount++;
      cursor += glyph.advance * scale;
    }
  });
  return {
    origin,
    circles,
    circleCount: marks.length,
    glyphs: glyphs.subarray(0, glyphCount * GLYPH_FLOATS),
    glyphCount,
  };
}

/**
 * The mark drawn on top at a point on screen (CSS pixels), if any: single starts over clusters, and of two
 * overlapping circles the one drawn last. `project` puts a mark's place on screen.
 */
export function markAt(
  marks: readonly ClusterMark[],
  point: { x: number; y: number },
  project: (mark: ClusterMark) => { x: number; y: number },
): ClusterMark | null {
  for (let i = marks.length - 1; i >= 0; i--) {
    const mark = marks[i];
    if (!mark) continue;
    const at = project(mark);
    const { radius, stroke } = markSize(mark);
    if (Math.hypot(at.x - point.x, at.y - point.y) <= radius + stroke) return mark;
  }
  return null;
}
