import type { Feature, FeatureCollection, LineString, Point } from "geojson";
import type { Trip, TripPathResult } from "@/lib/models";
import { tripEnd, tripStart } from "./trip-places";

/**
 * A page of trips as map features: a line from start to end, a start point and an end point per trip. The three
 * share the trip's index as feature id, so one feature-state (hover, selected) lights up all of them. With its path
 * loaded, a trip's line follows the route; without (not loaded yet, or no location signals) it is the straight line,
 * marked `straight` so the map draws it dashed.
 */

type TripFeatureKind = "line" | "start" | "end";

export interface TripFeatureProperties {
  tripId: string;
  index: number;
  kind: TripFeatureKind;
  /** The start point comes from the estimated location (no fix of its own). */
  estimated: boolean;
  /** A line drawn straight from start to end because the trip's route is not known. */
  straight: boolean;
}

type TripFeature = Feature<LineString | Point, TripFeatureProperties>;

export function tripsToFeatures(
  trips: readonly Trip[],
  paths: ReadonlyMap<string, TripPathResult> = new Map(),
): FeatureCollection<LineString | Point, TripFeatureProperties> {
  const features: TripFeature[] = [];
  trips.forEach((trip, index) => {
    const start = tripStart(trip);
    const end = tripEnd(trip);
    const properties = (kind: TripFeatureKind): TripFeatureProperties => ({
      tripId: trip.id,
      index,
      kind,
      estimated: start.fromEstimate,
      straight: kind === "line",
    });
    const known = paths.get(trip.id);
    if (known?.kind === "route") {
      features.push({
        type: "Feature",
        id: index,
        properties: { ...properties("line"), straight: false },
        geometry: { type: "LineString", coordinates: known.path.coordinates },
      });
    } else if (start.point && end) {
      features.push({
        type: "Feature",
        id: index,
        properties: properties("line"),
        geometry: {
          type: "LineString",
          coordinates: [
            [start.point.longitude, start.point.latitude],
            [end.longitude, end.latitude],
          ],
        },
      });
    }
    if (start.point) {
      features.push({
        type: "Feature",
        id: index,
        properties: properties("start"),
        geometry: { type: "Point", coordinates: [start.point.longitude, start.point.latitude] },
      });
    }
    if (end) {
      features.push({
        type: "Feature",
        id: index,
        properties: properties("end"),
        geometry: { type: "Point", coordinates: [end.longitude, end.latitude] },
      });
    }
  });
  return { type: "FeatureCollection", features };
}
