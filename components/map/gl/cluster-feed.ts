import type { ClusterIndex } from "./cluster-index";
import type { ClusterQueries } from "../cluster-interactions";
import { type WindowBounds, sameBounds } from "@/components/trips/time-window";
import type { Bounds as Box } from "@/lib/geo/bounds";
import type { Feature, Point } from "geojson";
import { type FitCamera, viewAt } from "./camera-view";
import type { MapLibreMap } from "../maplibre";
import type { GroupKind } from "./trip-groups";

/**
 * While the stream runs, the clusters are asked for at most this often. Each answer redraws the map, and a frame
 * costs 50 to 150 ms where the GPU is software: one a page would slow the load down more than it shows.
 */
const GROWING_INTERVAL_MS = 500;

/** A view and half its size again on every side, so that small pans need no new question. */
function paddedBox([west, south, east, north]: Box): Box {
  const width = east - west;
  const height = north - south;
  return [
    Math.max(-180, west - width / 2),
    Math.max(-85, south - height / 2),
    Math.min(180, east + width / 2),
    Math.min(85, north + height / 2),
  ];
}

function viewOnScreen(map: MapLibreMap): Box {
  const view = map.getBounds();
  return [view.getWest(), view.getSouth(), view.getEast(), view.getNorth()];
}

function viewAfter(map: MapLibreMap, jump: FitCamera): Box {
  const container = map.getContainer();
  return viewAt(jump, container.clientWidth, container.clientHeight);
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
  /** Where the map goes with the next answer. */
  private jump: FitCamera | null = null;
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
   * on the map yet, else at the next interval. With a `jump`, the answer is asked for the view there, and the map
   * jumps when it arrives: the new place and its marks are drawn in one frame, which on a software GPU is one
   * costly frame instead of two, and none drawn while the worker is still grouping.
   */
  grew(done: boolean, jump: FitCamera | null = null): void {
    this.jump = jump;
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
    // Moved by the person before a jump was made: the jump is dropped, and the view they chose is asked for.
    if (this.covers() && !this.jump) return;
    this.jump = null;
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
        const jump = this.jump;
        const box = paddedBox(jump ? viewAfter(this.map, jump) : viewOnScreen(this.map));
        const zoom = Math.floor(jump ? jump.zoom : this.map.getZoom());
        const { features } = await this.index.clusters(this.kind, bounds, box, zoom);
        // Another window was chosen meanwhile, or the person moved the map before the jump: the next answer counts.
        if (!sameBounds(bounds, this.wanted) || jump !== this.jump) continue;
        this.asked = { bounds, box, zoom };
        if (jump) {
          this.jump = null;
          this.map.jumpTo(jump);
        }
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
