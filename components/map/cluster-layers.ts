import type { AddLayerObject, ExpressionSpecification } from "maplibre-gl";
import type { MapLibreMap } from "./maplibre";
import { MAP_PALETTES, type MapTheme } from "./map-theme";
import { OVERLAY_PREFIX } from "./use-base-map";

/**
 * Every trip's start point, clustered: the map's worker groups the points, so the map draws a few dozen circles
 * sized by how many trips start there instead of 100,000 points, and stays smooth on a weak GPU. Zoomed in far
 * enough, single starts appear.
 */

export const ALL_TRIPS_SOURCE = `${OVERLAY_PREFIX}all-trips`;
export const CLUSTER_LAYERS = {
  clusters: `${OVERLAY_PREFIX}all-trips-clusters`,
  points: `${OVERLAY_PREFIX}all-trips-points`,
} as const;
export const CLUSTER_LAYER_IDS = Object.values(CLUSTER_LAYERS);

export const CLUSTER_OPTIONS = { cluster: true, clusterRadius: 48, clusterMaxZoom: 15 } as const;

const count: ExpressionSpecification = ["get", "point_count"];

function clusterColor(theme: MapTheme): ExpressionSpecification {
  const [, few, some, many, most] = MAP_PALETTES[theme].heat;
  return ["step", count, few, 100, some, 1_000, many, 10_000, most];
}

export function clusterLayers(theme: MapTheme): AddLayerObject[] {
  const palette = MAP_PALETTES[theme];
  return [
    {
      id: CLUSTER_LAYERS.clusters,
      type: "circle",
      source: ALL_TRIPS_SOURCE,
      filter: ["has", "point_count"],
      paint: {
        "circle-color": clusterColor(theme),
        "circle-radius": ["step", count, 10, 100, 14, 1_000, 19, 10_000, 25],
        "circle-opacity": 0.85,
        "circle-stroke-color": palette.markerStroke,
        "circle-stroke-width": 1.5,
      },
    },
    {
      id: CLUSTER_LAYERS.points,
      type: "circle",
      source: ALL_TRIPS_SOURCE,
      filter: ["!", ["has", "point_count"]],
      paint: {
        "circle-color": palette.start,
        "circle-radius": 4,
        "circle-stroke-color": palette.markerStroke,
        "circle-stroke-width": 1,
      },
    },
  ];
}

export function paintClusterLayers(map: MapLibreMap, theme: MapTheme): void {
  const palette = MAP_PALETTES[theme];
  map.setPaintProperty(CLUSTER_LAYERS.clusters, "circle-color", clusterColor(theme));
  map.setPaintProperty(CLUSTER_LAYERS.clusters, "circle-stroke-color", palette.markerStroke);
  map.setPaintProperty(CLUSTER_LAYERS.points, "circle-color", palette.start);
  map.setPaintProperty(CLUSTER_LAYERS.points, "circle-stroke-color", palette.markerStroke);
}
