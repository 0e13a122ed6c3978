import { describe, expect, it } from "vitest";
import { EMPTY_SIGNAL, evaluateSignalCondition, geoDistanceKm, prepareSignalCondition } from "./conditions";
import { geofenceCondition, geofenceError } from "./geofence";

const at = (latitude: number, longitude: number) => ({
  ...EMPTY_SIGNAL,
  valueLocation: { latitude, longitude, hdop: 0 },
});

describe("geofenceCondition", () => {
  const fence = { latitude: 52.52, longitude: 13.405, radiusKm: 2, inside: true };

  it("writes a condition that compiles for locations and fires inside the circle only", () => {
    const condition = geofenceCondition(fence);
    expect(condition).toBe("geoDistance(value.latitude, value.longitude, 52.52, 13.405) <= 2.0");
    const prepared = prepareSignalCondition(condition, "vss.Location");
    if (!prepared.ok) throw new Error(prepared.error);
    const near = at(52.53, 13.41);
    const far = at(52.6, 13.5);
    expect(geoDistanceKm(52.53, 13.41, 52.52, 13.405)).toBeLessThan(2);
    expect(evaluateSignalCondition(prepared.prepared, near)).toBe(true);
    expect(evaluateSignalCondition(prepared.prepared, far)).toBe(false);

    const outside = prepareSignalCondition(geofenceCondition({ ...fence, inside: false }), "vss.Location");
    if (!outside.ok) throw new Error(outside.error);
    expect(evaluateSignalCondition(outside.prepared, far)).toBe(true);
    expect(evaluateSignalCondition(outside.prepared, near)).toBe(false);
  });

  it("keeps whole numbers doubles and refuses a circle that is not one", () => {
    expect(geofenceCondition({ latitude: -33, longitude: 151, radiusKm: 0.25, inside: false })).toBe(
      "geoDistance(value.latitude, value.longitude, -33.0, 151.0) > 0.25",
    );
    expect(geofenceError(fence)).toBeNull();
    expect(geofenceError({ ...fence, latitude: 91 })).toMatch(/latitude/);
    expect(geofenceError({ ...fence, longitude: Number.NaN })).toMatch(/longitude/);
    expect(geofenceError({ ...fence, radiusKm: 0 })).toMatch(/radius/);
  });
});
