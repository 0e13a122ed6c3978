import type { BasemapRequest, BasemapResponse } from "./basemap-worker";
import type { MapLibreMap, StyleSpecification } from "./maplibre";
import { MAP_PALETTES, type MapTheme } from "./map-theme";

/**
 * The built-in basemap for when no street style is configured: Natural Earth countries (world-atlas, 1:50m) served
 * as a static file, drawn as land, water and borders. No tiles, no glyphs, nothing fetched from elsewhere.
 */

export const COUNTRIES_SOURCE = "basemap-countries";
const BASEMAP_URL = "/basemap/countries-50m.json";

export const BASEMAP_LAYERS = {
  water: "basemap-water",
  land: "basemap-land",
  borders: "basemap-borders",
} as const;

export function offlineStyle(theme: MapTheme): StyleSpecification {
  const palette = MAP_PALETTES[theme];
  return {
    version: 8,
    sources: { [COUNTRIES_SOURCE]: { type: "geojson", data: { type: "FeatureCollection", features: [] } } },
    layers: [
      { id: BASEMAP_LAYERS.water, type: "background", paint: { "background-color": palette.water } },
      { id: BASEMAP_LAYERS.land, type: "fill", source: COUNTRIES_SOURCE, paint: { "fill-color": palette.land } },
      { id: BASEMAP_LAYERS.borders, type: "line", source: COUNTRIES_SOURCE, paint: { "line-color": palette.border, "line-width": 0.6 } },
    ],
  };
}

/** Switches the basemap's theme in place, without reloading the style. */
export function paintOfflineBasemap(map: MapLibreMap, theme: MapTheme): void {
  const palette = MAP_PALETTES[theme];
  map.setPaintProperty(BASEMAP_LAYERS.water, "background-color", palette.water);
  map.setPaintProperty(BASEMAP_LAYERS.land, "fill-color", palette.land);
  map.setPaintProperty(BASEMAP_LAYERS.borders, "line-color", palette.border);
}

let countriesUrl: Promise<string> | undefined;

/**
 * The countries as a GeoJSON file the map's own worker can fetch and parse (a blob URL), converted once per page
 * load in a worker of ours: no step of it runs on the page's main thread.
 */
export function loadCountriesUrl(): Promise<string> {
  countriesUrl ??= new Promise<string>((resolve, reject) => {
    const worker = new Worker(new URL("./basemap-worker.ts", import.meta.url));
    worker.addEventListener("message", (event: MessageEvent<BasemapResponse>) => {
      worker.terminate();
      if (event.data.ok) resolve(URL.createObjectURL(new Blob([event.data.geojson], { type: "application/geo+json" })));
      else reject(new Error(event.data.message));
    });
    worker.addEventListener("error", (event) => {
      worker.terminate();
      reject(new Error(event.message || "the basemap worker failed"));
    });
    worker.postMessage({ url: new URL(BASEMAP_URL, location.href).toString() } satisfies BasemapRequest);
  }).catch((error: unknown) => {
    // Let a later map try again rather than keep the failure for the life of the tab.
    countriesUrl = undefined;
    throw error;
  });
  return countriesUrl;
}
