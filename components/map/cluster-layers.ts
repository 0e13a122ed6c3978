import type { AddLayerObject, ExpressionSpecification } from "maplibre-gl";
import type { AllTripsView } from "./all-trips-views";
import type { MapLibreMap } from "./maplibre";
import { MAP_PALETTES, type MapTheme } from "./map-theme";
import { OVERLAY_PREFIX } from "./use-base-map";

/**
 * Every trip's start point, clustered: a worker of ours groups the points (cluster-worker.ts), so the map draws a
 * few dozen circles sized and coloured by how many trips start there, each with its count, instead of 100,000 points. Zoomed in far
 * enough, single starts appear. The density view draws the starts and ends as a heatmap from a source of its own.
 */

/** The clusters and single starts of the time window on screen, as the cluster worker answers them. */
export const CLUSTERS_SOURCE = `${OVERLAY_PREFIX}all-trips`;
export const DENSITY_SOURCE = `${OVERLAY_PREFIX}all-trips-density`;
export const CLUSTER_LAYERS = {
  clusters: `${OVERLAY_PREFIX}all-trips-clusters`,
  counts: `${OVERLAY_PREFIX}all-trips-counts`,
  points: `${OVERLAY_PREFIX}all-trips-points`,
} as const;
export const DENSITY_LAYER = `${OVERLAY_PREFIX}all-trips-density`;
/** The lines view: a custom layer (trip-lines-layer.ts) with no source of the map's. */
export const LINES_LAYER = `${OVERLAY_PREFIX}all-trips-lines`;
/** The layers a click or hover on the clusters view finds (the count labels sit on the circles). */
export const CLUSTER_LAYER_IDS = [CLUSTER_LAYERS.clusters, CLUSTER_LAYERS.points];

/**
 * The counts' font: Geist SemiBold, the dashboard's own typeface (the `geist` package), copied into public/ by
 * scripts/copy-basemap.mjs and declared to MapLibre as a `font-faces` file, from which it draws each glyph it needs
 * in the browser (TinySDF). One 47 kB file, fetched from this site, serves every count at every size: no glyph
 * server, no PBF ranges, and a style without a `glyphs` URL (the offline basemap) needs none.
 */
export const COUNT_FONT = "Geist SemiBold";
export const COUNT_FONT_URL = "/basemap/fonts/geist-semibold.woff2";

/** Where the clusters' size and colour step up; the legend reads the same steps. */
export const COUNT_STEPS = [10, 100, 1_000, 10_000] as const;
const RADII = [9, 12, 16, 21, 27] as const;

const count: ExpressionSpecification = ["get", "point_count"];

function clusterColor(theme: MapTheme): ExpressionSpecification {
  const colors = clusterColors(theme);
  return ["step", count, colors[0], COUNT_STEPS[0], colors[1], COUNT_STEPS[1], colors[2], COUNT_STEPS[2], colors[3], COUNT_STEPS[3], colors[4]];
}

/** The five colours from the fewest trips to the most, as the clusters and the legend draw them. */
export function clusterColors(theme: MapTheme): [string, string, string, string, string] {
  const [, few, some, many, most] = MAP_PALETTES[theme].heat;
  return [few, some, MAP_PALETTES[theme].tripHover, many, most];
}

export function clusterRadii(): readonly number[] {
  return RADII;
}

function heatmapColor(theme: MapTheme): ExpressionSpecification {
  const [none, few, some, many, most] = MAP_PALETTES[theme].heat;
  return ["interpolate", ["linear"], ["heatmap-density"], 0, none, 0.15, few, 0.4, some, 0.7, many, 1, most];
}

export function clusterLayers(theme: MapTheme): AddLayerObject[] {
  return [densityLayer(theme), ...clusterLayersOf(theme)];
}

function densityLayer(theme: MapTheme): AddLayerObject {
  return {
    id: DENSITY_LAYER,
    type: "heatmap",
    source: DENSITY_SOURCE,
    layout: { visibility: "none" },
    paint: {
      "heatmap-color": heatmapColor(theme),
      // A point of the density source stands for the starts and ends within a few pixels of it (clustering.ts).
      "heatmap-weight": ["coalesce", ["get", "point_count"], 1],
      // Denser as the map zooms in, so that a corridor stays a line rather than melting into one blob.
      "heatmap-intensity": ["interpolate", ["linear"], ["zoom"], 0, 0.6, 10, 1.2, 15, 2.5],
      "heatmap-radius": ["interpolate", ["linear"], ["zoom"], 0, 3, 8, 10, 12, 18, 16, 30],
      "heatmap-opacity": 0.85,
    },
  };
}

/** The circles, their counts and the single starts. */
function clusterLayersOf(theme: MapTheme): AddLayerObject[] {
  const source = CLUSTERS_SOURCE;
  const palette = MAP_PALETTES[theme];
  return [
    {
      id: CLUSTER_LAYERS.clusters,
      type: "circle",
      source,
      filter: ["has", "point_count"],
      paint: {
        "circle-color": clusterColor(theme),
        "circle-radius": ["step", count, RADII[0], COUNT_STEPS[0], RADII[1], COUNT_STEPS[1], RADII[2], COUNT_STEPS[2], RADII[3], COUNT_STEPS[3], RADII[4]],
        "circle-opacity": 0.9,
        "circle-stroke-color": palette.markerStroke,
        "circle-stroke-width": 1.5,
      },
    },
    {
      id: CLUSTER_LAYERS.counts,
      type: "symbol",
      source,
      filter: ["has", "point_count"],
      layout: {
        "text-field": ["get", "point_count_abbreviated"],
        "text-font": [COUNT_FONT],
        "text-size": ["step", count, 11, COUNT_STEPS[1], 12, COUNT_STEPS[2], 13],
        // Every cluster carries its count: the circles already keep apart, so no label may be dropped.
        "text-allow-overlap": true,
        "text-ignore-placement": true,
      },
      paint: { "text-color": "#ffffff", "text-halo-color": "rgba(0,0,0,0.45)", "text-halo-width": 1 },
    },
    {
      id: CLUSTER_LAYERS.points,
      type: "circle",
      source,
      filter: ["!", ["has", "point_count"]],
      paint: {
        "circle-color": palette.start,
        "circle-radius": 5,
        "circle-stroke-color": palette.markerStroke,
        "circle-stroke-width": 1,
      },
    },
  ];
}

/** Shows one view's layers and hides the others'. */
export function showView(map: MapLibreMap, view: AllTripsView): void {
  const clusters = view === "clusters" ? "visible" : "none";
  for (const id of Object.values(CLUSTER_LAYERS)) map.setLayoutProperty(id, "visibility", clusters);
  map.setLayoutProperty(DENSITY_LAYER, "visibility", view === "density" ? "visible" : "none");
  if (map.getLayer(LINES_LAYER)) map.setLayoutProperty(LINES_LAYER, "visibility", view === "lines" ? "visible" : "none");
}

export function paintClusterLayers(map: MapLibreMap, theme: MapTheme): void {
  const palette = MAP_PALETTES[theme];
  map.setPaintProperty(CLUSTER_LAYERS.clusters, "circle-color", clusterColor(theme));
  map.setPaintProperty(CLUSTER_LAYERS.clusters, "circle-stroke-color", palette.markerStroke);
  map.setPaintProperty(CLUSTER_LAYERS.points, "circle-color", palette.start);
  map.setPaintProperty(CLUSTER_LAYERS.points, "circle-stroke-color", palette.markerStroke);
  map.setPaintProperty(DENSITY_LAYER, "heatmap-color", heatmapColor(theme));
}
