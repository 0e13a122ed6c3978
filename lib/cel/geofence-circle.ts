/**
 * The geofence's circle on a map: the points whose `geoDistance` to the centre equals the radius, as GeoJSON. The
 * ring is computed on the same sphere as the condition's `geoDistance` (lib/cel/conditions.ts), so what is drawn is
 * the boundary the condition tests, not a flat approximation that stretches away from the equator.
 */
import { type Geofence } from "./geofence";

/** The sphere of the CEL `geoDistance` function, in kilometres. */
const GEO_DISTANCE_EARTH_RADIUS_KM = 6371;

export interface LatLngPoint {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (radiansValue: number) => (radiansValue * 180) / Math.PI;

/** The great-circle distance in kilometres, as `geoDistance` computes it. */
export function distanceKm(a: LatLngPoint, b: LatLngPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * GEO_DISTANCE_EARTH_RADIUS_KM * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/**
 * The point `distance` km from `from` on the initial bearing `bearingDegrees` (0 north, 90 east). The longitude is
 * left unwrapped (it may pass ±180) so that a ring around a centre near the antimeridian stays one closed shape.
 */
export function destination(from: LatLngPoint, distance: number, bearingDegrees: number): LatLngPoint {
  const angular = distance / GEO_DISTANCE_EARTH_RADIUS_KM;
  const bearing = radians(bearingDegrees);
  const lat1 = radians(from.latitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const dLon = Math.atan2(
    Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
    Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
  );
  return { latitude: degrees(lat2), longitude: from.longitude + degrees(dLon) };
}

/** A closed ring of `steps` points (plus the first again) at `radiusKm` around the centre, as [lon, lat] pairs. */
export function circleRing(centre: LatLngPoint, radiusKm: number, steps = 96): [number, number][] {
  const ring: [number, number][] = [];
  for (let index = 0; index < steps; index += 1) {
    const point = destination(centre, radiusKm, (index / steps) * 360);
    ring.push([point.longitude, point.latitude]);
  }
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return ring;
}

/** Where the radius handle sits: due east of the centre, on the circle. */
export const radiusHandle = (centre: LatLngPoint, radiusKm: number): LatLngPoint => destination(centre, radiusKm, 90);

/** The circle's area (its fill and outline), as the map's GeoJSON source; the centre is a marker of its own. */
export function geofenceFeatures(fence: Geofence): GeoJSON.FeatureCollection {
  const centre = { latitude: fence.latitude, longitude: fence.longitude };
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { kind: "area", inside: fence.inside },
        geometry: { type: "Polygon", coordinates: [circleRing(centre, fence.radiusKm)] },
      },
    ],
  };
}

/** The corners ([west, south], [east, north]) of the box around the drawn ring, for fitting the map to it. */
export function geofenceBounds(fence: Geofence): [[number, number], [number, number]] {
  const ring = circleRing({ latitude: fence.latitude, longitude: fence.longitude }, fence.radiusKm, 32);
  const longitudes = ring.map(([longitude]) => longitude);
  const latitudes = ring.map(([, latitude]) => latitude);
  return [
    [Math.min(...longitudes), Math.max(-90, Math.min(...latitudes))],
    [Math.max(...longitudes), Math.min(90, Math.max(...latitudes))],
  ];
}
