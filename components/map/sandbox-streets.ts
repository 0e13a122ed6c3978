import type { AddLayerObject } from "maplibre-gl";
import type { GeoJSONSource, MapLibreMap } from "./maplibre";
import type { MapTheme } from "./map-theme";

/**
 * The sandbox city's streets on the offline basemap (app/api/basemap/streets): fetched for the box on screen, at city
 * zoom only, by MapLibre's own worker (the source's data is the route's URL, so parsing stays off the main thread).
 * The box is snapped outward to a grid, so small pans ask for nothing new. Outside sandbox mode the route answers 404
 * and the map stops asking.
 */

const STREETS_SOURCE = "basemap-streets";
const STREET_LAYERS = { local: "basemap-streets-local", arterial: "basemap-streets-arterial" } as const;
/** Below this zoom a city's streets are a blur: none are asked for. */
const STREETS_MIN_ZOOM = 10;
const SNAP_DEGREES = 0.02;

const STREET_COLOURS: Record<MapTheme, { local: string; arterial: string }> = {
  light: { local: "#dcdad3", arterial: "#c4c0b4" },
  dark: { local: "#2a3447", arterial: "#3a4862" },
};

function streetLayers(theme: MapTheme): AddLayerObject[] {
  const colours = STREET_COLOURS[theme];
  return [
    {
      id: STREET_LAYERS.local,
      type: "line",
      source: STREETS_SOURCE,
      filter: ["==", ["get", "class"], "local"],
      minzoom: 12,
      layout: { "line-join": "round" },
      paint: { "line-color": colours.local, "line-width": ["interpolate", ["linear"], ["zoom"], 12, 0.6, 16, 4] },
    },
    {
      id: STREET_LAYERS.arterial,
      type: "line",
      source: STREETS_SOURCE,
      filter: ["==", ["get", "class"], "arterial"],
      layout: { "line-join": "round" },
      paint: { "line-color": colours.arterial, "line-width": ["interpolate", ["linear"], ["zoom"], 10, 0.8, 16, 7] },
    },
  ];
}

export function paintSandboxStreets(map: MapLibreMap, theme: MapTheme): void {
  if (!map.getLayer(STREET_LAYERS.local)) return;
  map.setPaintProperty(STREET_LAYERS.local, "line-color", STREET_COLOURS[theme].local);
  map.setPaintProperty(STREET_LAYERS.arterial, "line-color", STREET_COLOURS[theme].arterial);
}

const snapDown = (value: number) => (Math.floor(value / SNAP_DEGREES) * SNAP_DEGREES).toFixed(2);
const snapUp = (value: number) => (Math.ceil(value / SNAP_DEGREES) * SNAP_DEGREES).toFixed(2);

/** Adds the streets under everything else and keeps them in step with the view; returns how to stop. */
export function attachSandboxStreets(map: MapLibreMap, theme: MapTheme, beforeLayerId: string | undefined): () => void {
  map.addSource(STREETS_SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] } });
  for (const layer of streetLayers(theme)) map.addLayer(layer, beforeLayerId);
  let shown = "";
  let unavailable = false;
  const update = () => {
    if (unavailable) return;
    const source = map.getSource<GeoJSONSource>(STREETS_SOURCE);
    if (!source) return;
    if (map.getZoom() < STREETS_MIN_ZOOM) return;
    const bounds = map.getBounds();
    const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
    const bbox = [
      snapDown(clamp(bounds.getWest(), 180)),
      snapDown(clamp(bounds.getSouth(), 85)),
      snapUp(clamp(bounds.getEast(), 180)),
      snapUp(clamp(bounds.getNorth(), 85)),
    ].join(",");
    if (bbox === shown) return;
    shown = bbox;
    void source.setData(`/api/basemap/streets?bbox=${bbox}`);
  };
  // A failed load (404 outside sandbox mode) ends the asking; the source's error comes through the map's.
  const errors = map.on("error", (event) => {
    if ((event as { sourceId?: unknown }).sourceId === STREETS_SOURCE) unavailable = true;
  });
  map.on("moveend", update);
  update();
  return () => {
    map.off("moveend", update);
    errors.unsubscribe();
  };
}
