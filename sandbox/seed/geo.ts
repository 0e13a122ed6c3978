/** Small geodesy helpers for the seed: distances in miles and points around a centre. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.7613;
const METERS_PER_MILE = 1609.344;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in miles. */
export function distanceMiles(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `miles` away from `origin` in direction `bearingRadians` (0 = north). */
export function offsetPoint(origin: LatLon, miles: number, bearingRadians: number): LatLon {
  const angular = miles / EARTH_RADIUS_MILES;
  const lat1 = toRadians(origin.latitude);
  const lon1 = toRadians(origin.longitude);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearingRadians),
  );
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(bearingRadians) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: toDegrees(lat2), longitude: toDegrees(lon2) };
}

export const metersToMiles = (meters: number) => meters / METERS_PER_MILE;

/** Rounds to 6 decimals (about 11 cm), the precision the trips service reports. */
export function roundPoint(point: LatLon): LatLon {
  return { latitude: Math.round(point.latitude * 1e6) / 1e6, longitude: Math.round(point.longitude * 1e6) / 1e6 };
}
