import type { GeoJSONSourceSpecification, SymbolLayerSpecification } from "maplibre-gl";
import type { FilterSpecification, MapLibreMap, StyleSpecification } from "../maplibre";
import { MAP_PALETTES, type MapTheme } from "../map-theme";

/**
 * The built-in basemap, drawn from what the dashboard serves itself: Natural Earth countries (land, water, borders)
 * at every zoom and, in sandbox mode, the sandbox cities' rivers, streets, street names and names
 * (sandbox-basemap.ts). Its labels are in the dashboard's font (Geist), whose glyphs are made on install
 * (scripts/prepare-basemap.ts). Nothing is fetched from elsewhere.
 */

export const COUNTRIES_SOURCE = "basemap-countries";
/**
 * Where the map's own worker fetches the countries: GeoJSON made on install (scripts/prepare-basemap.ts), so nothing
 * of them is converted in the page.
 */
export const COUNTRIES_URL = "/basemap/countries.geojson";
/** The sandbox cities' rivers, streets and names, fetched for the view (sandbox-basemap.ts). */
export const SANDBOX_SOURCE = "basemap-sandbox";
const GLYPHS_PATH = "/basemap/fonts/{fontstack}/{range}.pbf";
/** The font stacks scripts/prepare-basemap.ts makes. */
const FONTS = { streets: ["geist-regular"], places: ["geist-semibold"] };

export const BASEMAP_LAYERS = {
  water: "basemap-water",
  land: "basemap-land",
  rivers: "basemap-rivers",
  borders: "basemap-borders",
  localStreets: "basemap-streets-local",
  arterials: "basemap-streets-arterial",
  localNames: "basemap-street-names-local",
  arterialNames: "basemap-street-names-arterial",
  places: "basemap-places",
} as const;

/** At the zoom a city's trips open at, its main roads; its other streets and the names of streets closer in. */
const ZOOMS = { localStreets: 12, arterialNames: 12, localNames: 14, placesUntil: 15 };

const BASEMAP_COLOURS: Record<
  MapTheme,
  { local: string; arterial: string; label: string; place: string; halo: string }
> = {
  light: { local: "#e2dfd6", arterial: "#cdc7b7", label: "#5b6270", place: "#1f2733", halo: "#f7f6f2" },
  dark: { local: "#263043", arterial: "#3a4862", label: "#97a3ba", place: "#e3e8f2", halo: "#111827" },
};

const isKind = (kind: string): FilterSpecification => ["==", ["get", "kind"], kind];
const isStreet = (streetClass: "local" | "arterial"): FilterSpecification => [
  "all",
  ["==", ["get", "kind"], "street"],
  ["==", ["get", "class"], streetClass],
];

/** The basemap's style; `origin` is the site's, which serves the glyphs. */
export function builtinStyle(theme: MapTheme, origin: string): StyleSpecification {
  const palette = MAP_PALETTES[theme];
  const colours = BASEMAP_COLOURS[theme];
  const empty = (): GeoJSONSourceSpecification => ({
    type: "geojson",
    data: { type: "FeatureCollection", features: [] },
  });
  const streetNames = (id: string, streetClass: "local" | "arterial", minzoom: number): SymbolLayerSpecification => ({
    id,
    type: "symbol",
    source: SANDBOX_SOURCE,
    filter: isStreet(streetClass),
    minzoom,
    layout: {
      "symbol-placement": "line",
      "text-field": ["get", "name"],
      "text-font": FONTS.streets,
      "text-size": ["interpolate", ["linear"], ["zoom"], 12, 10, 17, 13],
      "symbol-spacing": 320,
    },
    paint: { "text-color": colours.label, "text-halo-color": colours.halo, "text-halo-width": 1.4 },
  });
  return {
    version: 8,
    glyphs: `${origin}${GLYPHS_PATH}`,
    sources: { [COUNTRIES_SOURCE]: empty(), [SANDBOX_SOURCE]: empty() },
    layers: [
      { id: BASEMAP_LAYERS.water, type: "background", paint: { "background-color": palette.water } },
      { id: BASEMAP_LAYERS.land, type: "fill", source: COUNTRIES_SOURCE, paint: { "fill-color": palette.land } },
      {
        id: BASEMAP_LAYERS.rivers,
        type: "fill",
        source: SANDBOX_SOURCE,
        filter: isKind("water"),
        paint: { "fill-color": palette.water },
      },
      {
        id: BASEMAP_LAYERS.borders,
        type: "line",
        source: COUNTRIES_SOURCE,
        paint: { "line-color": palette.border, "line-width": 0.6 },
      },
      {
        id: BASEMAP_LAYERS.localStreets,
        type: "line",
        source: SANDBOX_SOURCE,
        filter: isStreet("local"),
        minzoom: ZOOMS.localStreets,
        layout: { "line-join": "round" },
        paint: {
          "line-color": colours.local,
          "line-width": ["interpolate", ["linear"], ["zoom"], 12, 0.6, 16, 4],
        },
      },
      {
        id: BASEMAP_LAYERS.arterials,
        type: "line",
        source: SANDBOX_SOURCE,
        filter: isStreet("arterial"),
        layout: { "line-join": "round" },
        paint: {
          "line-color": colours.arterial,
          "line-width": ["interpolate", ["linear"], ["zoom"], 8, 0.6, 11, 1.4, 16, 7],
          // Out at a city's zoom they are a fine mesh under the trips, not a second drawing over the land.
          "line-opacity": ["interpolate", ["linear"], ["zoom"], 8, 0.45, 11, 1],
        },
      },
      streetNames(BASEMAP_LAYERS.localNames, "local", ZOOMS.localNames),
      streetNames(BASEMAP_LAYERS.arterialNames, "arterial", ZOOMS.arterialNames),
      {
        id: BASEMAP_LAYERS.places,
        type: "symbol",
        source: SANDBOX_SOURCE,
        filter: isKind("place"),
        maxzoom: ZOOMS.placesUntil,
        layout: {
          "text-field": ["get", "name"],
          "text-font": FONTS.places,
          "text-size": ["interpolate", ["linear"], ["zoom"], 4, 12, 10, 17, 14, 22],
          // Below the centre, where the fleet's and the trips' marks of the city gather.
          "text-anchor": "top",
          "text-offset": [0, 0.9],
          "text-allow-overlap": true,
        },
        paint: { "text-color": colours.place, "text-halo-color": colours.halo, "text-halo-width": 2 },
      },
    ],
  };
}

/** Switches the basemap's theme in place, without reloading the style. */
export function paintBuiltinBasemap(map: MapLibreMap, theme: MapTheme): void {
  const palette = MAP_PALETTES[theme];
  const colours = BASEMAP_COLOURS[theme];
  map.setPaintProperty(BASEMAP_LAYERS.water, "background-color", palette.water);
  map.setPaintProperty(BASEMAP_LAYERS.land, "fill-color", palette.land);
  map.setPaintProperty(BASEMAP_LAYERS.rivers, "fill-color", palette.water);
  map.setPaintProperty(BASEMAP_LAYERS.borders, "line-color", palette.border);
  map.setPaintProperty(BASEMAP_LAYERS.localStreets, "line-color", colours.local);
  map.setPaintProperty(BASEMAP_LAYERS.arterials, "line-color", colours.arterial);
  for (const id of [BASEMAP_LAYERS.localNames, BASEMAP_LAYERS.arterialNames]) {
    map.setPaintProperty(id, "text-color", colours.label);
    map.setPaintProperty(id, "text-halo-color", colours.halo);
  }
  map.setPaintProperty(BASEMAP_LAYERS.places, "text-color", colours.place);
  map.setPaintProperty(BASEMAP_LAYERS.places, "text-halo-color", colours.halo);
}
