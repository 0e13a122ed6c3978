import { padBounds, tripsBounds } from "@/lib/geo/bounds";
import { tripsToFeatures } from "@/lib/geo/trip-features";
import type { Trip, TripPathResult } from "@/lib/models";
import { measureForTests } from "@/lib/test-hooks";
import type { GeoJSONSource, MapLibreMap } from "./maplibre";
import { TRIPS_SOURCE } from "./trip-layers";
import { whenDrawn } from "./when-drawn";

/** The performance measure each draw records under test: from handing the trips to the map until they are drawn (when-drawn.ts). */
const DRAW_MEASURE = "trips-map:draw";

export interface DrawOptions {
  /** The routes known so far, by trip id; the others are drawn straight. */
  paths?: ReadonlyMap<string, TripPathResult>;
  /** Fit the map to the trips: on a new page, not when routes arrive for the page on screen. */
  fit?: boolean;
}

/**
 * Puts trips on the map and fits it to them. Resolves with the draw time in milliseconds, also recorded as a
 * performance measure (DRAW_MEASURE) when the test hooks are on.
 */
export async function drawTrips(map: MapLibreMap, trips: readonly Trip[], options: DrawOptions = {}): Promise<number> {
  const { paths, fit = true } = options;
  const source = map.getSource<GeoJSONSource>(TRIPS_SOURCE);
  if (!source) throw new Error("the trips layer is not on the map yet");
  const start = performance.now();
  // Feature ids are indexes within a page: states of the previous page would land on the wrong trips.
  if (fit) map.removeFeatureState({ source: TRIPS_SOURCE });
  // Resolves once the worker has the data; the tiles it touches reload after that, and the map is idle once drawn.
  await source.setData(tripsToFeatures(trips, paths));
  const drawn = whenDrawn(map);
  const bounds = fit ? tripsBounds(trips) : null;
  if (bounds) {
    const [west, south, east, north] = padBounds(bounds);
    map.fitBounds([west, south, east, north], { padding: 48, maxZoom: 15, duration: 0 });
  }
  await drawn;
  measureForTests(DRAW_MEASURE, start);
  return performance.now() - start;
}
