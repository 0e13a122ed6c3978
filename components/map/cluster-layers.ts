import type { AllTripsView } from "./all-trips-views";
import type { MapLibreMap } from "./maplibre";
import { MAP_PALETTES, type MapTheme } from "./map-theme";
import { OVERLAY_PREFIX } from "./use-base-map";

/**
 * The all-trips map's views as custom layers with no source of the map's, fed by a worker of ours (gl/cluster-worker.ts)
 * or the page's store: the clusters of trip starts (gl/cluster-marks-layer.ts), the density of starts and ends
 * (gl/density-layer.ts) and the lines (gl/trip-lines-layer.ts). Also the clusters' steps, sizes and colours, which the
 * legend reads too.
 */

/** The density view: a custom layer (gl/density-layer.ts) with no source of the map's. */
export const DENSITY_LAYER = `${OVERLAY_PREFIX}all-trips-density`;
/** The clusters view: a custom layer (gl/cluster-marks-layer.ts) with no source of the map's. */
export const CLUSTERS_LAYER = `${OVERLAY_PREFIX}all-trips-clusters`;
/** The lines view: a custom layer (gl/trip-lines-layer.ts) with no source of the map's. */
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

/** Shows one view's layers and hides the others'. */
export function showView(map: MapLibreMap, view: AllTripsView): void {
  map.setLayoutProperty(CLUSTERS_LAYER, "visibility", view === "clusters" ? "visible" : "none");
  map.setLayoutProperty(DENSITY_LAYER, "visibility", view === "density" ? "visible" : "none");
  map.setLayoutProperty(LINES_LAYER, "visibility", view === "lines" ? "visible" : "none");
}
