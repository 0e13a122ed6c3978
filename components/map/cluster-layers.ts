import type { AddLayerObject, ExpressionSpecification } from "maplibre-gl";
import type { AllTripsView } from "./all-trips-views";
import type { MapLibreMap } from "./maplibre";
import { MAP_PALETTES, type MapTheme } from "./map-theme";
import { OVERLAY_PREFIX } from "./use-base-map";

/**
 * The all-trips map's views as layers: the clusters of trip starts (a custom layer, cluster-marks-layer.ts, fed by
 * a worker of ours, cluster-worker.ts), the density of starts and ends (a heatmap of its own source) and the lines
 * (trip-lines-layer.ts). Also the clusters' steps, sizes and colours, which the legend reads too.
 */

/** The density view's groups of starts and ends, as the cluster worker answers them. */
export const DENSITY_SOURCE = `${OVERLAY_PREFIX}all-trips-density`;
export const DENSITY_LAYER = `${OVERLAY_PREFIX}all-trips-density`;
/** The clusters view: a custom layer (cluster-marks-layer.ts) with no source of the map's. */
export const CLUSTERS_LAYER = `${OVERLAY_PREFIX}all-trips-clusters`;
/** The lines view: a custom layer (trip-lines-layer.ts) with no source of the map's. */
export const LINES_LAYER = `${OVERLAY_PREFIX}all-trips-lines`;

/** Where the clusters' size and colour step up; the legend reads the same steps. */
export const COUNT_STEPS = [10, 100, 1_000, 10_000] as const;
const RADII = [9, 12, 16, 21, 27] as const;

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

export function densityLayer(theme: MapTheme): AddLayerObject {
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

/** Shows one view's layers and hides the others'. */
export function showView(map: MapLibreMap, view: AllTripsView): void {
  map.setLayoutProperty(CLUSTERS_LAYER, "visibility", view === "clusters" ? "visible" : "none");
  map.setLayoutProperty(DENSITY_LAYER, "visibility", view === "density" ? "visible" : "none");
  map.setLayoutProperty(LINES_LAYER, "visibility", view === "lines" ? "visible" : "none");
}

/** The density's colours in a theme (the custom layers take theirs directly). */
export function paintDensityLayer(map: MapLibreMap, theme: MapTheme): void {
  map.setPaintProperty(DENSITY_LAYER, "heatmap-color", heatmapColor(theme));
}
