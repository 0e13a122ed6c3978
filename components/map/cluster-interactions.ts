import type { PickedTrips } from "@/components/trips/cluster-trips";
import { formatNumber } from "@/lib/format/numbers";
import { prefersReducedMotion } from "@/lib/motion";
import type { ClusterMark } from "./gl/cluster-marks";
import { CLUSTERING } from "./gl/clustering";
import { mapTooltip } from "./map-tooltip";
import type { MapLibreMap } from "./maplibre";

/** At most this many of a cluster's trips are listed; the list says how many more there are. */
export const LISTED_TRIPS = 200;

/** Lists the trips a click picked (the clusters view's, or the lines view's: line-interactions.ts). */
export type ListTrips = (picked: PickedTrips) => void;

/** What a click asks of the clusters on screen (gl/cluster-index.ts, for the window they were drawn for). */
export interface ClusterQueries {
  leaves: (clusterId: number, limit: number) => Promise<number[]>;
  expansionZoom: (clusterId: number) => Promise<number>;
}

/** Lists a mark's trips: a single start's own, or the first of a cluster's (the list says how many there are). */
export function listTripsOf(mark: ClusterMark, leaves: ClusterQueries["leaves"], onList: ListTrips): void {
  if (mark.clusterId === null) {
    if (mark.index !== null) onList({ kind: "starts", indices: [mark.index], total: 1 });
    return;
  }
  const total = mark.count;
  leaves(mark.clusterId, LISTED_TRIPS)
    .then((indices) => onList({ kind: "starts", indices, total }))
    .catch(() => undefined);
}

/** How a map's clusters speak of what they hold, and whether a click on one lists it as well as zooming in. */
export interface ClusterWording {
  /** The hover text for a mark of `count` (formatted as `shown`). */
  tooltip: (count: number, shown: string) => string;
  listOnClick: boolean;
}

const TRIP_STARTS: ClusterWording = {
  tooltip: (trips, shown) =>
    `${shown} ${trips === 1 ? "trip starts" : "trips start"} here · click ${trips === 1 ? "for it" : "to zoom in, Alt+click for the list"}`,
  listOnClick: false,
};

/**
 * Hovering a cluster says how many trips start there. Clicking one zooms in until it splits; at the last zoom, or
 * with Alt held, it lists its trips instead (`onList`), as a click on a single start does. (Not Shift: MapLibre's
 * box zoom takes a Shift press on the map, and the click never comes.) With `listOnClick`, every click lists and a
 * cluster's also zooms in.
 */
export function addClusterInteractions(
  map: MapLibreMap,
  markAt: (point: { x: number; y: number }) => ClusterMark | null,
  clusters: ClusterQueries,
  onList: ListTrips,
  wording: ClusterWording = TRIP_STARTS,
): void {
  const tooltip = mapTooltip(map, "cluster-tooltip");
  map.on("mousemove", (event) => {
    const mark = markAt(event.point);
    if (!mark) return tooltip.hide();
    tooltip.show([mark.lng, mark.lat], wording.tooltip(mark.count, formatNumber(mark.count)));
  });

  map.on("click", (event) => {
    const mark = markAt(event.point);
    if (!mark) return;
    const { clusterId } = mark;
    if (clusterId === null || event.originalEvent.altKey || map.getZoom() >= CLUSTERING.maxZoom) {
      listTripsOf(mark, clusters.leaves, onList);
      return;
    }
    if (wording.listOnClick) listTripsOf(mark, clusters.leaves, onList);
    clusters
      .expansionZoom(clusterId)
      .then((zoom) => map.easeTo({ center: [mark.lng, mark.lat], zoom, duration: prefersReducedMotion() ? 0 : 500 }))
      .catch(() => undefined);
  });
}
