import { formatNumber } from "@/lib/format/numbers";
import { prefersReducedMotion } from "@/lib/motion";
import { type GeoJSONSource, type MapLibreMap, type MapMouseEvent, Popup } from "./maplibre";
import { ALL_TRIPS_SOURCE, CLUSTER_LAYERS, CLUSTER_LAYER_IDS } from "./cluster-layers";

/**
 * Hovering a cluster says how many trips start there; clicking one zooms in until it splits. Labels on the circles
 * would need font glyphs, which the offline basemap does not carry.
 */
export function addClusterInteractions(map: MapLibreMap): void {
  const tooltip = new Popup({ closeButton: false, closeOnClick: false, offset: 14, className: "all-trips-tooltip" });
  const text = document.createElement("div");
  text.dataset.testid = "cluster-tooltip";
  text.style.cssText = "color:#0b1220;font-size:12px";
  tooltip.setDOMContent(text);

  const topFeature = (event: MapMouseEvent) => map.queryRenderedFeatures(event.point, { layers: CLUSTER_LAYER_IDS })[0];

  map.on("mousemove", (event) => {
    const feature = topFeature(event);
    if (!feature || feature.geometry.type !== "Point") {
      map.getCanvas().style.cursor = "";
      tooltip.remove();
      return;
    }
    const count = feature.properties.point_count;
    const trips = typeof count === "number" ? count : 1;
    text.textContent = `${formatNumber(trips)} ${trips === 1 ? "trip starts" : "trips start"} here`;
    map.getCanvas().style.cursor = "pointer";
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    tooltip.setLngLat([lng, lat]).addTo(map);
  });
  map.on("mouseout", () => tooltip.remove());

  map.on("click", CLUSTER_LAYERS.clusters, (event) => {
    const feature = event.features?.[0];
    const clusterId = feature?.properties.cluster_id;
    if (!feature || typeof clusterId !== "number" || feature.geometry.type !== "Point") return;
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    map
      .getSource<GeoJSONSource>(ALL_TRIPS_SOURCE)
      ?.getClusterExpansionZoom(clusterId)
      .then((zoom) => map.easeTo({ center: [lng, lat], zoom, duration: prefersReducedMotion() ? 0 : 500 }))
      .catch(() => undefined);
  });
}
