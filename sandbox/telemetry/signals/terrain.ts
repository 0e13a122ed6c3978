import { type LatLon } from "../../seed/geo";
import { type MetroId, METROS } from "../../seed/metros";

/**
 * A plausible ground height for each metro: its elevation at the centre, and hills and slopes of its own size and
 * lie around it (flat near sea level in Miami, steep hills in San Francisco, the Wasatch front rising east of Salt
 * Lake City), smooth so that altitude changes gently along a route.
 */

/** Metres at the centre, metres of hills, metres of slope per km east and per km north. */
const RELIEF: Record<MetroId, [base: number, hills: number, east: number, north: number]> = {
  lasVegas: [620, 25, -6, 1],
  losAngeles: [90, 60, -2, 8],
  chicago: [180, 4, -0.3, 0],
  portland: [40, 70, -3, 1],
  miami: [2, 1.5, 0, 0],
  seattle: [60, 55, 1, 0.5],
  newYork: [20, 15, 0, 0.5],
  austin: [160, 35, -3, 0.5],
  denver: [1610, 30, -5, 0.5],
  sanFrancisco: [80, 110, -4, 1],
  phoenix: [340, 20, 0.5, 3],
  saltLakeCity: [1310, 25, 12, 0],
  boston: [15, 20, -1, 0.5],
};

const KM_PER_DEGREE = 111.32;

/** Metres above sea level at a point of the metro; the metro's centre height when the point is unknown. */
export function altitudeAt(metro: MetroId, point: LatLon | null): number {
  const [base, hills, east, north] = RELIEF[metro];
  if (!point) return base;
  const center = METROS[metro].center;
  const y = (point.latitude - center.latitude) * KM_PER_DEGREE;
  const x = (point.longitude - center.longitude) * KM_PER_DEGREE * Math.cos((center.latitude * Math.PI) / 180);
  const undulation = Math.sin(x / 2.3 + 0.7) * Math.cos(y / 3.1 - 0.4) + 0.5 * Math.sin((x + y) / 1.3);
  return Math.max(0, base + east * x + north * y + (hills * undulation) / 1.5);
}

/** Air pressure at a height, kPa (the standard atmosphere's scale height). */
export function barometricPressure(altitudeMetres: number): number {
  return 101.325 * Math.exp(-altitudeMetres / 8434);
}
