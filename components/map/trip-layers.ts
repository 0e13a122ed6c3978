import type { AddLayerObject, ExpressionSpecification } from "maplibre-gl";
import type { MapLibreMap } from "./maplibre";
import { MAP_PALETTES, type MapTheme } from "./map-theme";
import { OVERLAY_PREFIX } from "./use-base-map";

/**
 * The page's trips on the map: one GeoJSON source, two line layers (routes solid, straight stand-ins dashed: a line
 * layer's dashes cannot vary by feature) and two circle layers (start, end). Hover and
 * selection are feature-state, so highlighting costs no data update.
 */

export const TRIPS_SOURCE = `${OVERLAY_PREFIX}trips`;
export const TRIP_LAYERS = {
  lines: `${OVERLAY_PREFIX}trips-lines`,
  straight: `${OVERLAY_PREFIX}trips-straight`,
  starts: `${OVERLAY_PREFIX}trips-starts`,
  ends: `${OVERLAY_PREFIX}trips-ends`,
} as const;
export const TRIP_LAYER_IDS = Object.values(TRIP_LAYERS);

const selected: ExpressionSpecification = ["boolean", ["feature-state", "selected"], false];
const hovered: ExpressionSpecification = ["boolean", ["feature-state", "hover"], false];

function byState(
  whenSelected: string | number,
  whenHovered: string | number,
  otherwise: string | number,
): ExpressionSpecification {
  return ["case", selected, whenSelected, hovered, whenHovered, otherwise];
}

export function tripLayers(theme: MapTheme): AddLayerObject[] {
  const p = MAP_PALETTES[theme];
  return [
    {
      id: TRIP_LAYERS.lines,
      type: "line",
      source: TRIPS_SOURCE,
      filter: ["all", ["==", ["get", "kind"], "line"], ["!", ["get", "straight"]]],
      layout: { "line-cap": "round", "line-join": "round" },
      paint: {
        "line-color": byState(p.tripSelected, p.tripHover, p.trip),
        "line-width": byState(5, 4, 2),
        "line-opacity": byState(1, 1, 0.7),
      },
    },
    {
      id: TRIP_LAYERS.straight,
      type: "line",
      source: TRIPS_SOURCE,
      filter: ["all", ["==", ["get", "kind"], "line"], ["get", "straight"]],
      paint: {
        "line-color": byState(p.tripSelected, p.tripHover, p.trip),
        "line-width": byState(4, 3, 2),
        "line-opacity": byState(1, 1, 0.7),
        "line-dasharray": [2, 2],
      },
    },
    {
      id: TRIP_LAYERS.starts,
      type: "circle",
      source: TRIPS_SOURCE,
      filter: ["==", ["get", "kind"], "start"],
      paint: {
        "circle-color": p.start,
        "circle-radius": byState(7, 6, 4),
        "circle-stroke-color": p.markerStroke,
        "circle-stroke-width": 1.5,
        // An estimated start is drawn hollow.
        "circle-opacity": ["case", ["get", "estimated"], 0.35, 1],
      },
    },
    {
      id: TRIP_LAYERS.ends,
      type: "circle",
      source: TRIPS_SOURCE,
      filter: ["==", ["get", "kind"], "end"],
      paint: {
        "circle-color": p.end,
        "circle-radius": byState(7, 6, 4),
        "circle-stroke-color": p.markerStroke,
        "circle-stroke-width": 1.5,
      },
    },
  ];
}

/** Switches the trips' colours to another theme in place. */
export function paintTripLayers(map: MapLibreMap, theme: MapTheme): void {
  const p = MAP_PALETTES[theme];
  map.setPaintProperty(TRIP_LAYERS.lines, "line-color", byState(p.tripSelected, p.tripHover, p.trip));
  map.setPaintProperty(TRIP_LAYERS.straight, "line-color", byState(p.tripSelected, p.tripHover, p.trip));
  map.setPaintProperty(TRIP_LAYERS.starts, "circle-color", p.start);
  map.setPaintProperty(TRIP_LAYERS.starts, "circle-stroke-color", p.markerStroke);
  map.setPaintProperty(TRIP_LAYERS.ends, "circle-color", p.end);
  map.setPaintProperty(TRIP_LAYERS.ends, "circle-stroke-color", p.markerStroke);
}

/** With a trip selected, the others fade so its route stands out; without, all are drawn alike. */
export function fadeTripLayers(map: MapLibreMap, hasSelection: boolean): void {
  const others = hasSelection ? 0.25 : 0.7;
  map.setPaintProperty(TRIP_LAYERS.lines, "line-opacity", byState(1, 1, others));
  map.setPaintProperty(TRIP_LAYERS.straight, "line-opacity", byState(1, 1, others));
  map.setPaintProperty(
    TRIP_LAYERS.starts,
    "circle-opacity",
    hasSelection ? byState(1, 1, 0.3) : ["case", ["get", "estimated"], 0.35, 1],
  );
  map.setPaintProperty(TRIP_LAYERS.ends, "circle-opacity", hasSelection ? byState(1, 1, 0.3) : 1);
}
