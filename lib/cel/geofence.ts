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

/**
 * The helper's typed fields, as text: what a person types is kept as typed (a half-typed "52." stays), and the map
 * writes into them in the same form, so the fields and the drawn circle are one state.
 */
export interface GeofenceFields {
  latitude: string;
  longitude: string;
  radiusKm: string;
}

/** The circle the fields describe, or why they describe none. */
export function fenceOfFields(
  fields: GeofenceFields,
  inside: boolean,
): { fence: Geofence; error: null } | { fence: null; error: string } {
  if ([fields.latitude, fields.longitude, fields.radiusKm].some((text) => text.trim() === ""))
    return { fence: null, error: "enter a centre and a radius" };
  const fence = {
    latitude: Number(fields.latitude),
    longitude: Number(fields.longitude),
    radiusKm: Number(fields.radiusKm),
    inside,
  };
  const error = geofenceError(fence);
  return error ? { fence: null, error } : { fence, error: null };
}

/** A longitude from a map that may show the world more than once, back into -180 to 180. */
export const wrapLongitude = (longitude: number): number => ((((longitude + 180) % 360) + 360) % 360) - 180;

const plain = (value: number, decimals: number) => String(Number(value.toFixed(decimals)));

/** The fields with the centre moved to a point picked on the map, to about a metre; the radius is kept. */
export function withCentre(fields: GeofenceFields, point: { latitude: number; longitude: number }): GeofenceFields {
  return {
    ...fields,
    latitude: plain(Math.max(-90, Math.min(90, point.latitude)), 5),
    longitude: plain(wrapLongitude(point.longitude), 5),
  };
}

/** The smallest radius the map sets: a drag onto the centre would otherwise give a circle of 0 km, which is refused. */
export const MIN_RADIUS_KM = 0.01;

/**
 * The fields with the radius set from the map: metres under 1 km, tens of metres under 10 km, else hundreds, since
 * a drag cannot place the edge more finely than that and a long tail of decimals reads as false precision.
 */
export function withRadius(fields: GeofenceFields, radiusKm: number): GeofenceFields {
  const bounded = Math.max(MIN_RADIUS_KM, radiusKm);
  const decimals = bounded < 1 ? 3 : bounded < 10 ? 2 : 1;
  return { ...fields, radiusKm: plain(bounded, decimals) };
}
