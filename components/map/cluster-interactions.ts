import { formatNumber } from "@/lib/format/numbers";
import { prefersReducedMotion } from "@/lib/motion";
import { type MapLibreMap, type MapMouseEvent, Popup } from "./maplibre";
import { CLUSTER_LAYERS, CLUSTER_LAYER_IDS } from "./cluster-layers";
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

const indexOf = (properties: Record<string, unknown> | null | undefined) => (typeof properties?.i === "number" ? properties.i : null);

/**
 * Hovering a cluster says how many trips start there. Clicking one zooms in until it splits; at the last zoom, or
 * with Alt held, it lists its trips instead (`onList`), as a click on a single start does. (Not Shift: MapLibre's
 * box zoom takes a Shift press on the map, and the click never comes.)
 */
export function addClusterInteractions(map: MapLibreMap, clusters: ClusterQueries, onList: ListTrips): void {
  const tooltip = new Popup({ closeButton: false, closeOnClick: false, offset: 14, className: "all-trips-tooltip" });
  const text = document.createElement("div");
  text.dataset.testid = "cluster-tooltip";
  text.style.cssText = "color:#0b1220;font-size:12px";
  tooltip.setDOMContent(text);

  const topFeature = (event: MapMouseEvent) =>
    map.getLayoutProperty(CLUSTER_LAYERS.clusters, "visibility") === "none"
      ? undefined
      : map.queryRenderedFeatures(event.point, { layers: CLUSTER_LAYER_IDS })[0];

  map.on("mousemove", (event) => {
    const feature = topFeature(event);
    if (!feature || feature.geometry.type !== "Point") {
      map.getCanvas().style.cursor = "";
      tooltip.remove();
      return;
    }
    const count = feature.properties.point_count;
    const trips = typeof count === "number" ? count : 1;
    text.textContent = `${formatNumber(trips)} ${trips === 1 ? "trip starts" : "trips start"} here · click ${trips === 1 ? "for it" : "to zoom in, Alt+click for the list"}`;
    map.getCanvas().style.cursor = "pointer";
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    tooltip.setLngLat([lng, lat]).addTo(map);
  });
  map.on("mouseout", () => tooltip.remove());

  map.on("click", (event) => {
    const feature = topFeature(event);
    if (!feature || feature.geometry.type !== "Point") return;
    const single = indexOf(feature.properties);
    if (single !== null && feature.properties.cluster !== true) return onList({ indices: [single], total: 1 });
    const clusterId = feature.properties.cluster_id;
    const total = feature.properties.point_count;
    if (typeof clusterId !== "number" || typeof total !== "number") return;
    if (event.originalEvent.altKey || map.getZoom() >= CLUSTERING.maxZoom) {
      clusters
        .leaves(clusterId, LISTED_TRIPS)
        .then((indices) => onList({ indices, total }))
        .catch(() => undefined);
      return;
    }
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    clusters
      .expansionZoom(clusterId)
      .then((zoom) => map.easeTo({ center: [lng, lat], zoom, duration: prefersReducedMotion() ? 0 : 500 }))
      .catch(() => undefined);
  });
}
