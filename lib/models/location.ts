/** A point on the map, shared by trips and telemetry. */
export interface LatLng {
  latitude: number;
  longitude: number;
}
