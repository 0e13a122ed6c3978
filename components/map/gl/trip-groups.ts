import Supercluster from "supercluster";
import type { Feature, Point } from "geojson";
import { type WindowBounds, inBounds } from "@/components/trips/time-window";
import type { Bounds as Box } from "@/lib/geo/bounds";
import { CLUSTERING, DENSITY_GROUPING } from "./clustering";

/**
 * `starts`: the trips' starts grouped into the clusters a person reads; `density`: starts and ends grouped only
 * where they fall within a few pixels, each group weighing its count in the heatmap.
 */
export type GroupKind = "starts" | "density";

interface Index {
  key: string;
  /** How many of the appended trips it was built from. */
  built: number;
  groups: Supercluster<{ i: number }>;
  count: number;
}

function grown(array: Float64Array, capacity: number, used: number): Float64Array {
  const bigger = new Float64Array(capacity);
  bigger.set(array.subarray(0, used));
  return bigger;
}

/** Every place a start can be: Supercluster's latitudes stop short of the poles, as web maps do. */
const WORLD: Box = [-180, -85, 180, 85];

const point = (lng: number, lat: number, i: number): Feature<Point, { i: number }> => ({
  type: "Feature",
  properties: { i },
  geometry: { type: "Point", coordinates: [lng, lat] },
});

/**
 * The all-trips map's trips as the cluster worker holds them: starts, ends and start times in growing typed arrays,
 * and their groupings. Every trip's groupings of each kind stay indexed; a window's are built when asked and kept
 * until another window is asked for, so going back and forth between a window and every trip costs nothing. Entry i is the
 * store's entry i (the page's PointStore), which is what a cluster's leaves carry.
 */
export class TripGroups {
  private starts: Float64Array = new Float64Array(0);
  private ends: Float64Array = new Float64Array(0);
  private times: Float64Array = new Float64Array(0);
  private size = 0;
  /** By kind, and whether for every trip or for the last window asked for. */
  private indexes = new Map<`${GroupKind}:${"all" | "window"}`, Index>();

  get count(): number {
    return this.size;
  }

  /** More trips: flat `[lng, lat, ...]` starts and ends (NaN pairs for none), and start times. */
  append(starts: Float64Array, ends: Float64Array, times: Float64Array): void {
    const needed = this.size + times.length;
    if (needed > this.times.length) {
      const capacity = Math.max(needed, this.times.length * 2, 1_024);
      this.starts = grown(this.starts, capacity * 2, this.size * 2);
      this.ends = grown(this.ends, capacity * 2, this.size * 2);
      this.times = grown(this.times, capacity, this.size);
    }
    this.starts.set(starts, this.size * 2);
    this.ends.set(ends, this.size * 2);
    this.times.set(times, this.size);
    this.size = needed;
  }

  reset(): void {
    this.size = 0;
    this.indexes.clear();
  }

  /** The groups and single points of a kind and window whose centres fall in the box, at the zoom. */
  groups(
    kind: GroupKind,
    bounds: WindowBounds,
    bbox: Box,
    zoom: number,
  ): { features: Feature<Point>[]; count: number } {
    const index = this.indexOf(kind, bounds);
    return { features: index.groups.getClusters(bbox, zoom), count: index.count };
  }

  /**
   * The `limit` clusters of starts (or single starts) holding the most trips at the zoom, anywhere, busiest first,
   * and how many starts the window holds.
   */
  busiest(bounds: WindowBounds, zoom: number, limit: number): { features: Feature<Point>[]; count: number } {
    const index = this.indexOf("starts", bounds);
    const trips = (feature: Feature<Point>) =>
      typeof feature.properties?.point_count === "number" ? feature.properties.point_count : 1;
    const features = index.groups.getClusters(WORLD, zoom).sort((a, b) => trips(b) - trips(a));
    return { features: features.slice(0, limit), count: index.count };
  }

  /** The entries of up to `limit` trips of a cluster of starts. */
  leaves(bounds: WindowBounds, clusterId: number, limit: number): number[] {
    return this.indexOf("starts", bounds)
      .groups.getLeaves(clusterId, limit)
      .map((leaf) => leaf.properties.i);
  }

  /** The zoom at which a cluster of starts splits. */
  expansionZoom(bounds: WindowBounds, clusterId: number): number {
    return this.indexOf("starts", bounds).groups.getClusterExpansionZoom(clusterId);
  }

  /** The index of a kind and window, built anew when trips came since it was built or another one was asked for. */
  private indexOf(kind: GroupKind, bounds: WindowBounds): Index {
    const key = `${kind}:${bounds ? `${bounds.from}-${bounds.to}` : "all"}`;
    const slot = `${kind}:${bounds ? "window" : "all"}` as const;
    const held = this.indexes.get(slot);
    if (held && held.key === key && held.built === this.size) return held;
    const { starts, ends, times } = this;
    const points: Feature<Point, { i: number }>[] = [];
    for (let i = 0; i < this.size; i++) {
      if (!inBounds(times[i] ?? NaN, bounds)) continue;
      points.push(point(starts[2 * i] ?? 0, starts[2 * i + 1] ?? 0, i));
      const endLng = ends[2 * i] ?? NaN;
      const endLat = ends[2 * i + 1] ?? NaN;
      if (kind === "density" && Number.isFinite(endLng) && Number.isFinite(endLat))
        points.push(point(endLng, endLat, i));
    }
    const options = kind === "density" ? DENSITY_GROUPING : CLUSTERING;
    const index: Index = {
      key,
      built: this.size,
      groups: new Supercluster<{ i: number }>(options).load(points),
      count: points.length,
    };
    this.indexes.set(slot, index);
    return index;
  }
}
