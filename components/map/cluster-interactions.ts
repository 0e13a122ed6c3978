import { formatNumber } from "@/lib/format/numbers";
import { prefersReducedMotion } from "@/lib/motion";
import type { ClusterMark } from "./cluster-marks";
import { type MapLibreMap, Popup } from "./maplibre";
import { CLUSTERING } from "./clustering";

/** At most this many of a cluster's trips are listed; the list says how many more there are. */
export const LISTED_TRIPS = 200;

/** The trips a click picked: their indices in the point store, and how many the cluster holds in all. */
export type ListTrips = (picked: { indices: number[]; total: number }) => void;

/** What a click asks of the clusters on screen (cluster-index.ts, for the window they were drawn for). */
export interface ClusterQueries {
  leaves: (clusterId: number, limit: number) => Promise<number[]>;
  expansionZoom: (clusterId: number) => Promise<number>;
}

/**
 * Hovering a cluster says how many trips start there. Clicking one zooms in until it splits; at the last zoom, or
 * with Alt held, it lists its trips instead (`onList`), as a click on a single start does. (Not Shift: MapLibre's
 * box zoom takes a Shift press on the map, and the click never comes.)
 */
export function addClusterInteractions(map: MapLibreMap, markAt: (point: { x: number; y: number }) => ClusterMark | null, clusters: ClusterQueries, onList: ListTrips): void {
  const tooltip = new Popup({ closeButton: false, closeOnClick: false, offset: 14, className: "all-trips-tooltip" });
  const text = document.createElement("div");
  text.dataset.testid = "cluster-tooltip";
  text.style.cssText = "color:#0b1220;font-size:12px";
  tooltip.setDOMContent(text);

  map.on("mousemove", (event) => {
    const mark = markAt(event.point);
    if (!mark) {
      map.getCanvas().style.cursor = "";
      tooltip.remove();
      return;
    }
    const trips = mark.count;
    text.textContent = `${formatNumber(trips)} ${trips === 1 ? "trip starts" : "trips start"} here · click ${trips === 1 ? "for it" : "to zoom in, Alt+click for the list"}`;
    map.getCanvas().style.cursor = "pointer";
    tooltip.setLngLat([mark.lng, mark.lat]).addTo(map);
  });
  map.on("mouseout", () => tooltip.remove());

  map.on("click", (event) => {
    const mark = markAt(event.point);
    if (!mark) return;
    if (mark.clusterId === null) {
      if (mark.index !== null) onList({ indices: [mark.index], total: 1 });
      return;
    }
    const { clusterId, count: total } = mark;
    if (event.originalEvent.altKey || map.getZoom() >= CLUSTERING.maxZoom) {
      clusters
        .leaves(clusterId, LISTED_TRIPS)
        .then((indices) => onList({ indices, total }))
        .catch(() => undefined);
      return;
    }
    clusters
      .expansionZoom(clusterId)
      .then((zoom) => map.easeTo({ center: [mark.lng, mark.lat], zoom, duration: prefersReducedMotion() ? 0 : 500 }))
      .catch(() => undefined);
  });
}
