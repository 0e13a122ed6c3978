import { type LatLon } from "../../seed/geo";
import { METROS, type Metro } from "../../seed/metros";
import { columnName, rowName } from "../../seed/street-names";
import { streetNetwork } from "../../seed/streets";
import { riverOutline } from "../../seed/water";

/**
 * The sandbox cities' basemap inside a bounding box, as GeoJSON: their streets, the same junctions the routes are
 * planned through (seed/streets.ts), so a trip's path lies on a drawn street, with their names; each city's river; and
 * each city's name at its centre. Computed, never stored: a box costs the junctions in it. Local streets are left out
 * of wide boxes (they would be a grey blur at that zoom anyway), and streets of boxes wider than a city region.
 */

export type BBox = [west: number, south: number, east: number, north: number];

/** Wider than this (degrees of latitude), only arterials; wider than ARTERIALS_MAX_SPAN, no streets. */
const LOCALS_MAX_SPAN = 0.12;
export const ARTERIALS_MAX_SPAN = 1.5;
/** Wider than this, arterials keep every third junction: their bends are gentle, and a pixel spans several blocks. */
const COARSE_SPAN = 0.4;
/** How far past a metro's place radius its streets go, in miles. */
const MARGIN_MILES = 2;
const MILES_TO_METRES = 1609.344;

type Position = [longitude: number, latitude: number];

interface StreetFeature {
  type: "Feature";
  properties: { kind: "street"; class: "arterial" | "local"; name: string; city: string };
  geometry: { type: "LineString"; coordinates: Position[] };
}

interface WaterFeature {
  type: "Feature";
  properties: { kind: "water"; city: string };
  geometry: { type: "Polygon"; coordinates: Position[][] };
}

interface PlaceFeature {
  type: "Feature";
  properties: { kind: "place"; name: string };
  geometry: { type: "Point"; coordinates: Position };
}

export interface BasemapCollection {
  type: "FeatureCollection";
  features: Array<StreetFeature | WaterFeature | PlaceFeature>;
}

/** A box of four finite numbers in range, west < east and south < north; null otherwise. */
export function parseBBox(raw: string | undefined): BBox | null {
  const parts = (raw ?? "")
    .split(",")
    .map((part) => (/^-?\d{1,3}(\.\d{1,10})?$/.test(part.trim()) ? Number(part) : Number.NaN));
  if (parts.length !== 4 || parts.some((value) => !Number.isFinite(value))) return null;
  const [west, south, east, north] = parts as BBox;
  if (west < -180 || east > 180 || south < -90 || north > 90 || west >= east || south >= north) return null;
  return [west, south, east, north];
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

const spanOf = (box: BBox) =>
  Math.max(box[3] - box[1], (box[2] - box[0]) * Math.cos((((box[1] + box[3]) / 2) * Math.PI) / 180));

const toPosition = (point: LatLon): Position => [round6(point.longitude), round6(point.latitude)];

const inBox = ([longitude, latitude]: Position, box: BBox) =>
  longitude >= box[0] && longitude <= box[2] && latitude >= box[1] && latitude <= box[3];

function metroStreets(metro: Metro, box: BBox, withLocals: boolean, step: number): StreetFeature[] {
  const network = streetNetwork(metro);
  const reach = (metro.radiusMiles + MARGIN_MILES) * MILES_TO_METRES;
  // The box's corners in the network's metres, clamped to the metro's reach, then to grid indices (a line or two of
  // slack for the waves and the turn of the grid).
  const corners = [
    network.toXY({ latitude: box[1], longitude: box[0] }),
    network.toXY({ latitude: box[3], longitude: box[2] }),
    network.toXY({ latitude: box[1], longitude: box[2] }),
    network.toXY({ latitude: box[3], longitude: box[0] }),
  ];
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const minX = Math.max(-reach, Math.min(...xs));
  const maxX = Math.min(reach, Math.max(...xs));
  const minY = Math.max(-reach, Math.min(...ys));
  const maxY = Math.min(reach, Math.max(...ys));
  if (minX >= maxX || minY >= maxY) return [];
  // The clamped box's corners as grid indices (the grid is turned a few degrees), with two lines of slack for the
  // streets' waves.
  const nodes = [
    network.nearestNode({ x: minX, y: minY }),
    network.nearestNode({ x: maxX, y: minY }),
    network.nearestNode({ x: minX, y: maxY }),
    network.nearestNode({ x: maxX, y: maxY }),
  ];
  const iMin = Math.min(...nodes.map((n) => n.i)) - 2;
  const iMax = Math.max(...nodes.map((n) => n.i)) + 2;
  const jMin = Math.min(...nodes.map((n) => n.j)) - 2;
  const jMax = Math.max(...nodes.map((n) => n.j)) + 2;
  const features: StreetFeature[] = [];
  const line = (nodes: Array<{ i: number; j: number }>, arterial: boolean, name: string) => {
    const kept = nodes.filter((_, k) => k % step === 0 || k === nodes.length - 1);
    features.push({
      type: "Feature",
      properties: { kind: "street", class: arterial ? "arterial" : "local", name, city: metro.name },
      geometry: {
        type: "LineString",
        coordinates: kept.map((node) => toPosition(network.toLatLon(network.node(node)))),
      },
    });
  };
  for (let i = iMin; i <= iMax; i++) {
    const arterial = network.isArterial(i);
    if (!arterial && !withLocals) continue;
    line(
      Array.from({ length: jMax - jMin + 1 }, (_, k) => ({ i, j: jMin + k })),
      arterial,
      columnName(metro, i),
    );
  }
  for (let j = jMin; j <= jMax; j++) {
    const arterial = network.isArterial(j);
    if (!arterial && !withLocals) continue;
    line(
      Array.from({ length: iMax - iMin + 1 }, (_, k) => ({ i: iMin + k, j })),
      arterial,
      rowName(metro, j),
    );
  }
  return features;
}

function metroWater(metro: Metro, box: BBox): WaterFeature[] {
  const ring = riverOutline(metro).map(toPosition);
  const west = Math.min(...ring.map(([longitude]) => longitude));
  const east = Math.max(...ring.map(([longitude]) => longitude));
  const south = Math.min(...ring.map(([, latitude]) => latitude));
  const north = Math.max(...ring.map(([, latitude]) => latitude));
  if (west > box[2] || east < box[0] || south > box[3] || north < box[1]) return [];
  return [
    {
      type: "Feature",
      properties: { kind: "water", city: metro.name },
      geometry: { type: "Polygon", coordinates: [ring] },
    },
  ];
}

/** Every city's streets inside the box; none for a box wider than ARTERIALS_MAX_SPAN. */
export function streetsIn(box: BBox): StreetFeature[] {
  const span = spanOf(box);
  if (span > ARTERIALS_MAX_SPAN) return [];
  const withLocals = span <= LOCALS_MAX_SPAN;
  const step = span > COARSE_SPAN ? 3 : 1;
  return Object.values(METROS).flatMap((metro) => metroStreets(metro, box, withLocals, step));
}

/** The basemap of the box: the cities' names and rivers at any width, their streets as streetsIn gives them. */
export function basemapIn(box: BBox): BasemapCollection {
  const metros = Object.values(METROS);
  const places = metros.flatMap((metro): PlaceFeature[] => {
    const coordinates = toPosition(metro.center);
    return inBox(coordinates, box)
      ? [{ type: "Feature", properties: { kind: "place", name: metro.name }, geometry: { type: "Point", coordinates } }]
      : [];
  });
  const water = spanOf(box) > ARTERIALS_MAX_SPAN ? [] : metros.flatMap((metro) => metroWater(metro, box));
  return { type: "FeatureCollection", features: [...water, ...streetsIn(box), ...places] };
}
