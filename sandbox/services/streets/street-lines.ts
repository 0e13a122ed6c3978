import { METROS, type Metro } from "../../seed/metros";
import { streetNetwork } from "../../seed/streets";

/**
 * The sandbox cities' streets inside a bounding box, as GeoJSON lines: the same junctions the routes are planned
 * through (seed/streets.ts), so a trip's path lies on a drawn street. Computed, never stored: a box costs the
 * junctions in it. Local streets are left out of wide boxes (they would be a grey blur at that zoom anyway).
 */

export type BBox = [west: number, south: number, east: number, north: number];

/** Wider than this (degrees of latitude), only arterials; wider than ARTERIALS_MAX_SPAN, nothing. */
const LOCALS_MAX_SPAN = 0.12;
export const ARTERIALS_MAX_SPAN = 1.5;
/** How far past a metro's place radius its streets go, in miles. */
const MARGIN_MILES = 2;
const MILES_TO_METRES = 1609.344;

interface StreetFeature {
  type: "Feature";
  properties: { class: "arterial" | "local"; city: string };
  geometry: { type: "LineString"; coordinates: Array<[number, number]> };
}

export interface StreetCollection {
  type: "FeatureCollection";
  features: StreetFeature[];
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

function metroStreets(metro: Metro, box: BBox, withLocals: boolean): StreetFeature[] {
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
  const line = (nodes: Array<{ i: number; j: number }>, arterial: boolean) => {
    features.push({
      type: "Feature",
      properties: { class: arterial ? "arterial" : "local", city: metro.name },
      geometry: {
        type: "LineString",
        coordinates: nodes.map((node) => {
          const point = network.toLatLon(network.node(node));
          return [round6(point.longitude), round6(point.latitude)];
        }),
      },
    });
  };
  for (let i = iMin; i <= iMax; i++) {
    const arterial = network.isArterial(i);
    if (!arterial && !withLocals) continue;
    line(
      Array.from({ length: jMax - jMin + 1 }, (_, k) => ({ i, j: jMin + k })),
      arterial,
    );
  }
  for (let j = jMin; j <= jMax; j++) {
    const arterial = network.isArterial(j);
    if (!arterial && !withLocals) continue;
    line(
      Array.from({ length: iMax - iMin + 1 }, (_, k) => ({ i: iMin + k, j })),
      arterial,
    );
  }
  return features;
}

/** Every city's streets inside the box; empty for a box wider than ARTERIALS_MAX_SPAN. */
export function streetsIn(box: BBox): StreetCollection {
  const span = Math.max(box[3] - box[1], (box[2] - box[0]) * Math.cos((((box[1] + box[3]) / 2) * Math.PI) / 180));
  if (span > ARTERIALS_MAX_SPAN) return { type: "FeatureCollection", features: [] };
  const withLocals = span <= LOCALS_MAX_SPAN;
  const features = Object.values(METROS).flatMap((metro) => metroStreets(metro, box, withLocals));
  return { type: "FeatureCollection", features };
}
