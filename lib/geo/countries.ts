import type { FeatureCollection, MultiPolygon, Polygon, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { unwrapPolygon } from "./antimeridian";

/**
 * The offline basemap's countries as the map draws them: Natural Earth's TopoJSON (world-atlas) as GeoJSON, each
 * country's rings unwrapped at the antimeridian (antimeridian.ts). Coordinates keep three decimals: the 1:50m file is
 * quantized to 0.0036 by 0.0017 degrees, so the digits past them say nothing and only add bytes to parse.
 */

export type Countries = FeatureCollection<Polygon | MultiPolygon>;

const DECIMALS = 1_000;
const rounded = (ring: readonly Position[]): Position[] =>
  ring.map(([lng = 0, lat = 0]) => [Math.round(lng * DECIMALS) / DECIMALS, Math.round(lat * DECIMALS) / DECIMALS]);

function roundedGeometry(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  if (geometry.type === "Polygon") return { type: "Polygon", coordinates: geometry.coordinates.map(rounded) };
  return { type: "MultiPolygon", coordinates: geometry.coordinates.map((polygon) => polygon.map(rounded)) };
}

export function countriesOf(topology: Topology<{ countries: GeometryCollection }>): Countries {
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon | null>;
  const features = countries.features.flatMap((country) =>
    country.geometry === null ? [] : [{ ...country, geometry: roundedGeometry(unwrapPolygon(country.geometry)) }],
  );
  return { type: "FeatureCollection", features };
}
