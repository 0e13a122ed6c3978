import type { MapLibreMap, StyleSpecification } from "./maplibre";
import { MAP_PALETTES, type MapTheme } from "./map-theme";

/**
 * The built-in basemap for when no street style is configured: Natural Earth countries (world-atlas, 1:50m) served
 * as a static file, drawn as land, water and borders. No tiles, no glyphs, nothing fetched from elsewhere.
 */

export const COUNTRIES_SOURCE = "basemap-countries";
/**
 * Where the map's own worker fetches the countries: GeoJSON made on install (scripts/prepare-basemap.ts), so nothing
 * of them is converted in the page.
 */
export const COUNTRIES_URL = "/basemap/countries.geojson";

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
      {
        id: BASEMAP_LAYERS.borders,
        type: "line",
        source: COUNTRIES_SOURCE,
        paint: { "line-color": palette.border, "line-width": 0.6 },
      },
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
