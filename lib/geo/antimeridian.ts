import type { MultiPolygon, Polygon, Position } from "geojson";

/**
 * Natural Earth cuts shapes at the 180th meridian, so a ring that crosses it (Russia's Chukotka, Fiji) jumps from
 * +180 to -180 in one step, and a map draws that step as a streak across the whole world. Unwrapping shifts the
 * longitudes after each jump by 360°, so the ring stays continuous (reaching past 180, which the map draws fine).
 *
 * A ring around a pole (Antarctica) cannot be made continuous that way: it goes once around the Earth, so its
 * longitudes never come back. Such a ring is kept as it is, with each jump routed along the pole instead.
 */

const SOUTH_POLE = -90;
const NORTH_POLE = 90;

function unwrapContinuously(ring: readonly Position[]): { unwrapped: Position[]; offset: number } {
  const unwrapped: Position[] = [];
  let offset = 0;
  let previous: number | undefined;
  for (const [lng = 0, lat = 0, ...rest] of ring) {
    let shifted = lng + offset;
    if (previous !== undefined) {
      while (shifted - previous > 180) {
        shifted -= 360;
        offset -= 360;
      }
      while (shifted - previous < -180) {
        shifted += 360;
        offset += 360;
      }
    }
    unwrapped.push([shifted, lat, ...rest]);
    previous = shifted;
  }
  return { unwrapped, offset };
}

function routeJumpsAlongPole(ring: readonly Position[]): Position[] {
  const meanLat = ring.reduce((sum, p) => sum + (p[1] ?? 0), 0) / Math.max(1, ring.length);
  const pole = meanLat < 0 ? SOUTH_POLE : NORTH_POLE;
  const out: Position[] = [];
  ring.forEach((point, i) => {
    const before = ring[i - 1];
    const [lng = 0, lat = 0] = point;
    if (before && Math.abs(lng - (before[0] ?? 0)) > 180) {
      const fromEdge = (before[0] ?? 0) > 0 ? 180 : -180;
      out.push([fromEdge, before[1] ?? 0], [fromEdge, pole], [-fromEdge, pole], [-fromEdge, lat]);
    }
    out.push(point);
  });
  return out;
}

/** One ring (or line) without streaks across the map; see the module comment. */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const { unwrapped, offset } = unwrapContinuously(ring);
  return offset === 0 ? unwrapped : routeJumpsAlongPole(ring);
}

export function unwrapPolygon(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  if (geometry.type === "Polygon") return { type: "Polygon", coordinates: geometry.coordinates.map(unwrapRing) };
  return { type: "MultiPolygon", coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
}
