import { type FilterSpecification, type GeoJSONSource, type MapLibreMap } from "./maplibre";

/**
 * A GeoJSON source whose `kind: "area"` features are drawn filled and outlined, as the location and geofence maps draw
 * their circles: the source and its two layers are made the first time, and only the data replaced after. Answers
 * whether it made them, so a caller can add layers of its own over the same source once.
 */
export function showAreas(
  map: MapLibreMap,
  sourceId: string,
  data: GeoJSON.FeatureCollection,
  style: { colour: string; fillOpacity: number },
): boolean {
  const source = map.getSource<GeoJSONSource>(sourceId);
  if (source) {
    source.setData(data);
    return false;
  }
  map.addSource(sourceId, { type: "geojson", data });
  const areas: FilterSpecification = ["==", ["get", "kind"], "area"];
  map.addLayer({
    id: `${sourceId}-area`,
    type: "fill",
    source: sourceId,
    filter: areas,
    paint: { "fill-color": style.colour, "fill-opacity": style.fillOpacity },
  });
  map.addLayer({
    id: `${sourceId}-outline`,
    type: "line",
    source: sourceId,
    filter: areas,
    paint: { "line-color": style.colour, "line-width": 2 },
  });
  return true;
}
