import type { AddLayerObject, ExpressionSpecification } from "maplibre-gl";
import type { Feature, FeatureCollection, LineString, Point } from "geojson";
import { speedAt } from "@/lib/geo/path-stats";
import { SPEED_STOPS } from "@/lib/geo/speed-colours";
import type { TripPath } from "@/lib/models";
import { MAP_PALETTES, type MapTheme } from "./map-theme";
import { OVERLAY_PREFIX } from "./use-base-map";

/**
 * The selected trip over the others: its route cut into legs coloured by speed, its driving events as amber markers on
 * it, its start and end on top (both visible whatever lies under them), and the replay marker in a source of its own,
 * so moving it costs one point.
 */

export const SELECTED_SOURCE = `${OVERLAY_PREFIX}selected`;
export const REPLAY_SOURCE = `${OVERLAY_PREFIX}replay`;
const SELECTED_LAYERS = {
  legs: `${OVERLAY_PREFIX}selected-legs`,
  start: `${OVERLAY_PREFIX}selected-start`,
  end: `${OVERLAY_PREFIX}selected-end`,
  events: `${OVERLAY_PREFIX}selected-events`,
  replay: `${OVERLAY_PREFIX}replay-marker`,
} as const;

/** Amber: a warning, apart from the speed scale's greens to reds and the ends' green and red. */
const EVENT_COLOUR = "#f59e0b";

/** A driving event placed on the route, by its time. */
export interface RouteEvent {
  name: string;
  lngLat: [number, number];
}

const speedColour: ExpressionSpecification = ["interpolate", ["linear"], ["get", "speed"], ...SPEED_STOPS.flat()];

export function selectedTripLayers(theme: MapTheme): AddLayerObject[] {
  const p = MAP_PALETTES[theme];
  const marker = (id: string, kind: string, colour: string): AddLayerObject => ({
    id,
    type: "circle",
    source: SELECTED_SOURCE,
    filter: ["==", ["get", "kind"], kind],
    paint: {
      "circle-color": colour,
      "circle-radius": 8,
      "circle-stroke-color": p.markerStroke,
      "circle-stroke-width": 2,
    },
  });
  return [
    {
      id: SELECTED_LAYERS.legs,
      type: "line",
      source: SELECTED_SOURCE,
      filter: ["==", ["get", "kind"], "leg"],
      layout: { "line-cap": "round", "line-join": "round" },
      paint: { "line-color": speedColour, "line-width": 6 },
    },
    {
      id: SELECTED_LAYERS.events,
      type: "circle",
      source: SELECTED_SOURCE,
      filter: ["==", ["get", "kind"], "event"],
      paint: {
        "circle-color": EVENT_COLOUR,
        "circle-radius": 6,
        "circle-stroke-color": p.markerStroke,
        "circle-stroke-width": 2,
      },
    },
    marker(SELECTED_LAYERS.start, "start", p.start),
    marker(SELECTED_LAYERS.end, "end", p.end),
    {
      id: SELECTED_LAYERS.replay,
      type: "circle",
      source: REPLAY_SOURCE,
      paint: {
        "circle-color": "#ffffff",
        "circle-radius": 7,
        "circle-stroke-color": "#111827",
        "circle-stroke-width": 3,
      },
    },
  ];
}

type SelectedFeature = Feature<
  LineString | Point,
  { kind: "leg" | "start" | "end" | "event"; speed?: number; name?: string }
>;

/** The route's legs (each coloured by the speed at its end), its driving events and its two ends. */
export function selectedTripFeatures(
  path: TripPath,
  events: readonly RouteEvent[] = [],
): FeatureCollection<LineString | Point> {
  const features: SelectedFeature[] = [];
  const points = path.coordinates;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    features.push({
      type: "Feature",
      properties: { kind: "leg", speed: speedAt(path, i) },
      geometry: { type: "LineString", coordinates: [a, b] },
    });
  }
  for (const event of events)
    features.push({
      type: "Feature",
      properties: { kind: "event", name: event.name },
      geometry: { type: "Point", coordinates: event.lngLat },
    });
  const first = points[0];
  const last = points.at(-1);
  if (first)
    features.push({ type: "Feature", properties: { kind: "start" }, geometry: { type: "Point", coordinates: first } });
  if (last)
    features.push({ type: "Feature", properties: { kind: "end" }, geometry: { type: "Point", coordinates: last } });
  return { type: "FeatureCollection", features };
}

export const EMPTY_COLLECTION: FeatureCollection = { type: "FeatureCollection", features: [] };

export function replayFeature(lngLat: [number, number] | null): FeatureCollection<Point> {
  return lngLat
    ? {
        type: "FeatureCollection",
        features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: lngLat } }],
      }
    : { type: "FeatureCollection", features: [] };
}
