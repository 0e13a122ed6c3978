import type { Feature, Point } from "geojson";
import { type ClusterMark, marksOf } from "@/components/map/gl/cluster-marks";
import { PointStore } from "@/components/trips/point-store";
import type { FleetPosition } from "@/lib/models/fleet";

/**
 * The fleet's positions as the all-trips map's cluster worker takes them (a PointStore of start points, with no ends
 * or times), and the way back from what the worker answers (entries of the store) to the vehicles.
 */

export interface FleetPoints {
  /** The positions with usable coordinates: entry i of the store is `positions[i]`. */
  positions: readonly FleetPosition[];
  store: PointStore;
}

const usable = (position: FleetPosition) =>
  Number.isFinite(position.lat) &&
  Number.isFinite(position.lon) &&
  Math.abs(position.lat) <= 90 &&
  Math.abs(position.lon) <= 180;

export function fleetPointsOf(all: readonly FleetPosition[]): FleetPoints {
  const positions = all.filter(usable);
  const flat = new Array<number>(positions.length * 2);
  positions.forEach((position, i) => {
    flat[2 * i] = position.lon;
    flat[2 * i + 1] = position.lat;
  });
  const store = new PointStore();
  store.add(flat);
  return { positions, store };
}

/** The marks of a worker answer, a single approximate position faded: it stands for an area, not a spot. */
export function fleetMarksOf(features: readonly Feature<Point>[], positions: readonly FleetPosition[]): ClusterMark[] {
  return marksOf(features).map((mark) =>
    mark.index !== null && positions[mark.index]?.approximate ? { ...mark, faded: true } : mark,
  );
}

/** How many positions the marks stand for, clusters and single points together. */
export const positionsIn = (marks: readonly ClusterMark[]) => marks.reduce((sum, mark) => sum + mark.count, 0);

/** The vehicles a click picked: up to the listed few of `total`. */
export interface PickedVehicles {
  vehicles: FleetPosition[];
  total: number;
}

/** The vehicles behind a click's store entries, by name, then token id. */
export function vehiclesAt(indices: readonly number[], positions: readonly FleetPosition[]): FleetPosition[] {
  const picked: FleetPosition[] = [];
  for (const i of indices) {
    const position = positions[i];
    if (position) picked.push(position);
  }
  return picked.sort((a, b) => a.name.localeCompare(b.name) || a.tokenId - b.tokenId);
}
