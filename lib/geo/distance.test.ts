import { describe, expect, it } from "vitest";
import { haversineKm, isValidLatLng } from "./distance";
import { boundsOf, padBounds, tripsBounds } from "./bounds";
import { formatLatLng, tripDistanceKm, tripDurationMs, tripStart } from "./trip-places";
import { makeTrip } from "@/test-support/trips";

describe("haversineKm", () => {
  it("measures Las Vegas to Los Angeles as about 368 km", () => {
    const km = haversineKm({ latitude: 36.1699, longitude: -115.1398 }, { latitude: 34.0522, longitude: -118.2437 });
    expect(km).toBeGreaterThan(366);
    expect(km).toBeLessThan(370);
  });
  it("is zero for the same point and symmetric", () => {
    const a = { latitude: 10, longitude: 20 };
    const b = { latitude: -33.9, longitude: 151.2 };
    expect(haversineKm(a, a)).toBe(0);
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });
  it("takes the short way across the 180th meridian", () => {
    expect(haversineKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(111.2, 0);
  });
  it("stays finite for antipodal points", () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(20015.1, 0);
  });
});

describe("isValidLatLng", () => {
  it.each([
    [{ latitude: 36, longitude: -115 }, true],
    [{ latitude: 91, longitude: 0 }, false],
    [{ latitude: 0, longitude: -181 }, false],
    [{ latitude: Number.NaN, longitude: 0 }, false],
    [null, false],
  ])("%j is %s", (point, valid) => expect(isValidLatLng(point)).toBe(valid));
});

describe("trip places", () => {
  it("measures the straight line from start to end", () => {
    expect(tripDistanceKm(makeTrip())).toBeCloseTo(20.2, 0);
  });
  it("has no distance when an end is unknown", () => {
    expect(tripDistanceKm(makeTrip({ end: null }))).toBeNull();
    expect(tripDistanceKm(makeTrip({ start: null }))).toBeNull();
  });
  it("falls back to the estimated start and says so", () => {
    const estimate = { latitude: 36.17, longitude: -115.14 };
    expect(tripStart(makeTrip({ start: null, estimated: estimate }))).toEqual({
      point: estimate,
      estimated: true,
      fromEstimate: true,
    });
    expect(tripStart(makeTrip({ estimated: estimate }))).toMatchObject({ estimated: true, fromEstimate: false });
    expect(tripStart(makeTrip())).toMatchObject({ estimated: false, fromEstimate: false });
  });
  it("reads the duration and refuses a negative one", () => {
    expect(tripDurationMs(makeTrip())).toBe(30 * 60_000);
    expect(tripDurationMs(makeTrip({ endTime: "2024-06-16T19:00:00Z" }))).toBeNull();
    expect(tripDurationMs(makeTrip({ endTime: "not a time" }))).toBeNull();
  });
  it("formats coordinates with five decimals, or unknown", () => {
    expect(formatLatLng({ latitude: 36.157856, longitude: -115.334557 })).toBe("36.15786, -115.33456");
    expect(formatLatLng(null)).toBe("unknown");
  });
});

describe("bounds", () => {
  it("boxes every known start and end", () => {
    const trips = [
      makeTrip(),
      makeTrip({ start: { latitude: 35, longitude: -116 }, end: null }),
      makeTrip({ start: null, end: null }),
    ];
    expect(tripsBounds(trips)).toEqual([-116, 35, -114.9817, 36.1699]);
  });
  it("is null without any location", () => {
    expect(tripsBounds([makeTrip({ start: null, end: null })])).toBeNull();
    expect(boundsOf([])).toBeNull();
  });
  it("pads a single point to a minimum span, and leaves a big box alone", () => {
    const [w, s, e, n] = padBounds([-115, 36, -115, 36], 0.02);
    expect(e - w).toBeCloseTo(0.02, 9);
    expect(n - s).toBeCloseTo(0.02, 9);
    expect(padBounds([-116, 35, -114, 37])).toEqual([-116, 35, -114, 37]);
  });
});
