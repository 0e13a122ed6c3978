/**
 * A circle on the map as a webhook condition: `geoDistance` from the reading to the centre, in kilometres, against
 * the radius. Numbers are written with enough decimals for about a metre, and always as CEL doubles.
 */

export interface Geofence {
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** Fire while the vehicle is inside the circle (true) or outside it (false). */
  inside: boolean;
}

const celDouble = (value: number, decimals: number) => {
  const text = value.toFixed(decimals).replace(/0+$/, "");
  return text.endsWith(".") ? `${text}0` : text;
};

/** Why the circle cannot be a condition; null when it can. */
export function geofenceError({ latitude, longitude, radiusKm }: Geofence): string | null {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) return "the latitude must be from -90 to 90";
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    return "the longitude must be from -180 to 180";
  if (!Number.isFinite(radiusKm) || radiusKm <= 0) return "the radius must be more than 0 km";
  return null;
}

export function geofenceCondition(fence: Geofence): string {
  const distance = `geoDistance(value.latitude, value.longitude, ${celDouble(fence.latitude, 5)}, ${celDouble(fence.longitude, 5)})`;
  return `${distance} ${fence.inside ? "<=" : ">"} ${celDouble(fence.radiusKm, 3)}`;
}
