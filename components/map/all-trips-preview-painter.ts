import type { PointStore } from "@/components/trips/point-store";
import { type WindowBounds, inBounds } from "@/components/trips/time-window";
import { type DensityGrid, binPoints, densityGrid, densityPixels } from "@/lib/geo/preview-density";
import { type PreviewFrame, previewFrame } from "@/lib/geo/preview-projection";

/** The drawing's longer side, in frame units, and a cell's side: 125 cells across at most, each a few pixels wide. */
const FRAME_SIZE = 1000;
const CELL = 8;
const MARGIN = 0.06;
/**
 * Points counted between looks at the clock, and how long one task may count (ms): a long history, or code the
 * browser has not optimized yet, is counted over several short tasks, never one long one.
 */
const SLICE = 1024;
const TASK_BUDGET_MS = 8;
/** While the stream runs, the preview is painted again at most this often (ms): it is a glance, not an animation. */
const REPAINT_GAP_MS = 250;

export type Rgb = readonly [number, number, number];

export interface PreviewPaint {
  /** Trips drawn (those of the time window with a start point), once every trip the store holds is counted. */
  drawn: number;
  /** Cells with at least one trip. */
  cells: number;
}

/**
 * Draws a PointStore's trip starts as a density on a canvas of one pixel a cell, which the page scales up (CSS, the
 * browser's smoothing turning each cell into a soft spot): counted into a grid (preview-density.ts) a slice at a time between the page's other tasks, and
 * painted once the count has caught up with the store. Only what is new is counted while the frame holds; a start
 * outside it (the stream widening the area), another store or another time window counts again from the first trip.
 */
export class AllTripsPreviewPainter {
  private canvas: HTMLCanvasElement | null = null;
  private store: PointStore | null = null;
  private bounds: WindowBounds = null;
  private colours: readonly Rgb[] = [];
  private frame: { key: string; frame: PreviewFrame; grid: DensityGrid } | null = null;
  private counted = 0;
  private job: ReturnType<typeof setTimeout> | null = null;
  private paintedAt = -Infinity;
  private told: PreviewPaint | null = null;

  constructor(private readonly onPaint: (paint: PreviewPaint) => void) {}

  attach(canvas: HTMLCanvasElement | null): void {
    this.canvas = canvas;
    if (canvas) this.schedule(0);
    else this.stop();
  }

  /** The trips to draw, in these colours (least to most trips); call again whenever the store grows. */
  show(store: PointStore, bounds: WindowBounds, colours: readonly Rgb[]): void {
    const changed = store !== this.store || bounds !== this.bounds || colours.join() !== this.colours.join();
    if (store !== this.store || bounds !== this.bounds) {
      this.store = store;
      this.bounds = bounds;
      this.frame = null;
    }
    this.colours = colours;
    // Another window, store or theme is shown at once; more of the same stream, at the pace of REPAINT_GAP_MS.
    this.schedule(changed ? 0 : this.paintedAt + REPAINT_GAP_MS - performance.now());
  }

  stop(): void {
    if (this.job !== null) clearTimeout(this.job);
    this.job = null;
  }

  private schedule(delayMs: number): void {
    if (this.job !== null && delayMs > 0) return;
    if (this.job !== null) clearTimeout(this.job);
    this.job = setTimeout(this.step, Math.max(0, delayMs));
  }

  private readonly step = (): void => {
    this.job = null;
    const { store, canvas } = this;
    if (!store || !canvas) return;
    const box = store.bounds();
    if (!box) {
      this.paint(null);
      return;
    }
    const key = box.join(",");
    if (this.frame?.key !== key) {
      const frame = previewFrame(box, FRAME_SIZE, MARGIN);
      this.frame = { key, frame, grid: densityGrid(frame, CELL) };
      this.counted = 0;
    }
    const { frame, grid } = this.frame;
    const { bounds } = this;
    const starts = store.startTimes;
    const keep = bounds ? (i: number) => inBounds(starts[i] ?? NaN, bounds) : undefined;
    const deadline = performance.now() + TASK_BUDGET_MS;
    while (this.counted < store.count && performance.now() < deadline) {
      const until = Math.min(store.count, this.counted + SLICE);
      binPoints(grid, frame, store.coordinates, this.counted, until, keep);
      this.counted = until;
    }
    if (this.counted < store.count) this.schedule(0);
    else this.paint(grid);
  };

  private paint(grid: DensityGrid | null): void {
    const context = this.canvas?.getContext("2d");
    if (!context) return;
    this.paintedAt = performance.now();
    const { canvas } = context;
    if (!grid) {
      context.clearRect(0, 0, canvas.width, canvas.height);
      this.painted({ drawn: 0, cells: 0 });
      return;
    }
    if (canvas.width !== grid.cols || canvas.height !== grid.rows) {
      canvas.width = grid.cols;
      canvas.height = grid.rows;
    }
    const pixels = densityPixels(grid, this.colours);
    context.putImageData(new ImageData(pixels, grid.cols, grid.rows), 0, 0);
    let cells = 0;
    for (const count of grid.counts) if (count > 0) cells++;
    this.painted({ drawn: grid.total, cells });
  }

  /** Tells the page what is drawn when that changed: a repaint of the same counts is no news. */
  private painted(paint: PreviewPaint): void {
    if (paint.drawn === this.told?.drawn && paint.cells === this.told.cells) return;
    this.told = paint;
    this.onPaint(paint);
  }
}
