import { describe, expect, it } from "vitest";
import { EMPTY_SIGNAL, evaluateSignalCondition, geoDistanceKm, prepareSignalCondition } from "./conditions";
import {
  MIN_RADIUS_KM,
  fenceOfFields,
  geofenceCondition,
  geofenceError,
  withCentre,
  withRadius,
  wrapLongitude,
} from "./geofence";

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

describe("the typed fields and the circle", () => {
  const fields = { latitude: "52.52", longitude: "13.405", radiusKm: "1" };

  it("reads the circle from the fields, and says what is missing or wrong", () => {
    expect(fenceOfFields(fields, true)).toEqual({
      fence: { latitude: 52.52, longitude: 13.405, radiusKm: 1, inside: true },
      error: null,
    });
    expect(fenceOfFields({ ...fields, radiusKm: " " }, true)).toEqual({
      fence: null,
      error: "enter a centre and a radius",
    });
    expect(fenceOfFields({ ...fields, latitude: "95" }, true).error).toMatch(/latitude/);
    expect(fenceOfFields({ ...fields, longitude: "east" }, false).error).toMatch(/longitude/);
  });

  it("writes a centre picked on the map into the fields to about a metre, keeping the radius", () => {
    const moved = withCentre(fields, { latitude: 48.137154321, longitude: 11.576124987 });
    expect(moved).toEqual({ latitude: "48.13715", longitude: "11.57612", radiusKm: "1" });
    // A click on a copy of the world to the east is the same place.
    expect(withCentre(fields, { latitude: -17.7, longitude: 181.5 }).longitude).toBe("-178.5");
    expect(wrapLongitude(-540)).toBe(-180);
    // What the map writes reads back as the circle it drew.
    expect(fenceOfFields(moved, true).fence).toMatchObject({ latitude: 48.13715, longitude: 11.57612 });
  });

  it("writes a dragged radius with the precision a drag has, never 0", () => {
    expect(withRadius(fields, 0.123456).radiusKm).toBe("0.123");
    expect(withRadius(fields, 4.56789).radiusKm).toBe("4.57");
    expect(withRadius(fields, 25.04).radiusKm).toBe("25");
    expect(withRadius(fields, 0).radiusKm).toBe(String(MIN_RADIUS_KM));
    expect(fenceOfFields(withRadius(fields, 0), true).error).toBeNull();
    expect(withRadius(fields, 2).latitude).toBe("52.52");
  });
});
