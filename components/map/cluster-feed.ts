import type { ClusterIndex } from "./cluster-index";
import type { ClusterQueries } from "./cluster-interactions";
import { type WindowBounds, sameBounds } from "@/components/trips/time-window";
import type { Bounds as Box } from "@/lib/geo/bounds";
import type { Feature, Point } from "geojson";
import type { MapLibreMap } from "./maplibre";
import type { GroupKind } from "./trip-groups";

/**
 * While the stream runs, the clusters are asked for at most this often. Each answer redraws the map, and a frame
 * costs 50 to 150 ms where the GPU is software: one a page would slow the load down more than it shows.
 */
const GROWING_INTERVAL_MS = 500;

/** The view on screen and half its size again on every side, so that small pans need no new question. */
function paddedBox(map: MapLibreMap): Box {
  const view = map.getBounds();
  const width = view.getEast() - view.getWest();
  const height = view.getNorth() - view.getSouth();
  return [
    Math.max(-180, view.getWest() - width / 2),
    Math.max(-85, view.getSouth() - height / 2),
    Math.min(180, view.getEast() + width / 2),
    Math.min(85, view.getNorth() + height / 2),
  ];
}

/** Puts an answer's groups on the map: a custom layer's marks or points, drawn from the next frame on. */
export type DrawGroups = (features: Feature<Point>[]) => void;

/**
 * Keeps a view showing the wanted time window's groups of one kind (cluster-worker.ts) around the view on screen:
 * asks the worker again when the window changes, when the store has new points, and when the map has moved out of
 * what the last answer covered or to another zoom. One question at a time: what changed meanwhile is asked next, so
 * a fast stream makes a few questions rather than one a page. While its view is hidden it asks nothing, and catches
 * up when shown. `onShown` runs whenever the map took an answer.
 */
export class ClusterFeed {
  private running = false;
  private again = false;
  private wanted: WindowBounds = null;
  private asked: { bounds: WindowBounds; box: Box; zoom: number } | null = null;
  private lastShownAt = -Infinity;
  private growTimer: ReturnType<typeof setTimeout> | null = null;
  private active = true;
  /** The window whose clusters are on the map (undefined before the first answer). */
  shown: WindowBounds | undefined = undefined;

  constructor(
    private readonly kind: GroupKind,
    private readonly map: MapLibreMap,
    private readonly draw: DrawGroups,
    private readonly index: ClusterIndex,
    private readonly onShown: (bounds: WindowBounds) => void,
  ) {}

  /** Whether its view is on screen: a hidden one is brought up to date when it is shown again. */
  show(active: boolean): void {
    this.active = active;
    if (active && !this.asked) void this.refresh();
  }

  /** Another time window. */
  want(bounds: WindowBounds): void {
    if (sameBounds(bounds, this.wanted) && this.asked) return;
    this.wanted = bounds;
    this.asked = null;
    void this.refresh();
  }

  /**
   * The store has new points (already synced to the index): shown at once when the stream is `done` or nothing is
   * on the map yet, else at the next interval.
   */
  grew(done: boolean): void {
    if (this.growTimer !== null) clearTimeout(this.growTimer);
    this.growTimer = null;
    const wait = done || this.shown === undefined ? 0 : this.lastShownAt + GROWING_INTERVAL_MS - performance.now();
    if (wait > 0) {
      this.growTimer = setTimeout(() => this.grew(true), wait);
      return;
    }
    this.asked = null;
    void this.refresh();
  }

  /** Stops a pending update (the map is going away). */
  dispose(): void {
    if (this.growTimer !== null) clearTimeout(this.growTimer);
  }

  /** The map moved: ask again only if the answer on screen no longer covers the view. */
  moved(): void {
    if (this.covers()) return;
    this.asked = null;
    void this.refresh();
  }

  /** A click's questions, about the clusters on screen. */
  queries(): ClusterQueries {
    return {
      leaves: (clusterId, limit) => this.index.leaves(this.shown ?? null, clusterId, limit),
      expansionZoom: (clusterId) => this.index.expansionZoom(this.shown ?? null, clusterId),
    };
  }

  private covers(): boolean {
    const asked = this.asked;
    if (!asked || !sameBounds(asked.bounds, this.wanted) || asked.zoom !== Math.floor(this.map.getZoom())) return false;
    const view = this.map.getBounds();
    const [west, south, east, north] = asked.box;
    return view.getWest() >= west && view.getSouth() >= south && view.getEast() <= east && view.getNorth() <= north;
  }

  private async refresh(): Promise<void> {
    if (!this.active) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        const bounds = this.wanted;
        const box = paddedBox(this.map);
        const zoom = Math.floor(this.map.getZoom());
        const { features } = await this.index.clusters(this.kind, bounds, box, zoom);
        // Another window was chosen meanwhile: its answer comes next, this one would only flash by.
        if (!sameBounds(bounds, this.wanted)) continue;
        this.asked = { bounds, box, zoom };
        this.draw(features);
        this.shown = bounds;
        this.lastShownAt = performance.now();
        this.onShown(bounds);
      } while (this.active && (this.again || !this.asked));
    } catch {
      // The map was closed (the worker terminated): nothing left to show.
    } finally {
      this.running = false;
    }
  }
}
