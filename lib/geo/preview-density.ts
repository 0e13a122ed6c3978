import type { PreviewFrame } from "./preview-projection";

/**
 * The all-trips map's light preview as numbers: trip starts counted in square cells of a preview frame
 * (preview-projection.ts), so that any number of trips draws as at most one rectangle a cell. Points are added a
 * slice at a time, so a long history never holds the main thread for long.
 */

export interface DensityGrid {
  /** Cells across and down; a cell is `cell` drawing units square. */
  cols: number;
  rows: number;
  cell: number;
  /** Trips per cell, row by row. */
  counts: Uint32Array;
  /** The most trips in one cell. */
  max: number;
  /** How many points were counted (those left out by the filter or off the frame are not). */
  total: number;
}

/** An empty grid covering the frame. */
export function densityGrid(frame: Pick<PreviewFrame, "width" | "height">, cell: number): DensityGrid {
  const cols = Math.max(1, Math.ceil(frame.width / cell));
  const rows = Math.max(1, Math.ceil(frame.height / cell));
  return { cols, rows, cell, counts: new Uint32Array(cols * rows), max: 0, total: 0 };
}

/**
 * Counts points `from` up to (not including) `to` of a flat `[lng, lat, lng, lat, ...]` array into the grid, those
 * that `keep` accepts (by the point's index) only. Points that fall outside the frame are left out.
 */
export function binPoints(
  grid: DensityGrid,
  frame: PreviewFrame,
  coordinates: ArrayLike<number>,
  from: number,
  to: number,
  keep?: (index: number) => boolean,
): void {
  const { cols, rows, cell, counts } = grid;
  for (let i = from; i < to; i++) {
    if (keep && !keep(i)) continue;
    const lng = coordinates[2 * i];
    const lat = coordinates[2 * i + 1];
    if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    const [x, y] = frame.project([lng, lat]);
    const col = Math.floor(x / cell);
    const row = Math.floor(y / cell);
    if (col < 0 || row < 0 || col >= cols || row >= rows) continue;
    const at = row * cols + col;
    const count = (counts[at] ?? 0) + 1;
    counts[at] = count;
    if (count > grid.max) grid.max = count;
    grid.total++;
  }
}

/**
 * The level of a cell of `count` trips, one of `levels`, on a log scale of its count against the busiest cell's (as
 * the map's density view shades): a trip or two at the lowest, the busiest cell at the highest; -1 for none.
 */
export function densityLevel(count: number, max: number, levels: number): number {
  if (count <= 0 || max <= 0) return -1;
  return Math.min(levels - 1, Math.floor((Math.log(count + 1) / Math.log(max + 1)) * levels));
}

/** `#rrggbb` as its three channels. */
export function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/**
 * The grid as an image of one pixel a cell (RGBA, row by row), each filled cell in its level's colour (`colours`,
 * from the fewest trips to the most) and the empty ones transparent: drawn scaled up, without smoothing, it is the
 * density at any size for the cost of one small image.
 */
export function densityPixels(
  grid: DensityGrid,
  colours: readonly (readonly [number, number, number])[],
): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(grid.cols * grid.rows * 4);
  grid.counts.forEach((count, at) => {
    const colour = colours[densityLevel(count, grid.max, colours.length)];
    if (!colour) return;
    pixels.set(colour, at * 4);
    pixels[at * 4 + 3] = 255;
  });
  return pixels;
}
