import type { Feature, Point } from "geojson";
import type { PointStore } from "@/components/trips/point-store";

/** What bench/map-engines.ts, its page and the page's deck.gl module share. */

export type Engine = "gl" | "deck";
export type View = "lines" | "clusters" | "density";

export interface Workload {
  /** Flat `[lng, lat, ...]` of the starts and of the ends. */
  starts: Float64Array;
  ends: Float64Array;
  count: number;
  /** The same trips as the all-trips map's point store holds them. */
  store: Pick<PointStore, "count" | "coordinates" | "ends" | "startTimes">;
  /** The groups of starts (clusters) or of starts and ends (density) around the view at the map's zoom. */
  groups: (kind: "starts" | "density") => Feature<Point>[];
}

export interface EngineRun {
  /** From handing the engine its data until the frame that shows it is on screen. */
  firstDrawMs: number;
  /** Intervals between the map's frames while it pans by a few pixels a frame. */
  panFramesMs: number[];
}
