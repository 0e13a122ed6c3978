import { describe, expect, it } from "vitest";
import { geoDistanceKm } from "./conditions";
import { circleRing, destination, distanceKm, geofenceBounds, geofenceFeatures, radiusHandle } from "./geofence-circle";

const BERLIN = { latitude: 52.52, longitude: 13.405 };

describe("the geofence's circle", () => {
  it("puts every point of the ring at the radius, as the condition's geoDistance measures it", () => {
    for (const [centre, radiusKm] of [
      [BERLIN, 2],
      [{ latitude: -33.87, longitude: 151.21 }, 0.25],
      [{ latitude: 78.22, longitude: 15.65 }, 40],
      [{ latitude: 0, longitude: 0 }, 500],
    ] as const) {
      const ring = circleRing(centre, radiusKm);
      expect(ring).toHaveLength(97);
      expect(ring.at(-1)).toEqual(ring[0]);
      for (const [longitude, latitude] of ring) {
        const km = geoDistanceKm(latitude, longitude, centre.latitude, centre.longitude);
        expect(Math.abs(km - radiusKm)).toBeLessThan(radiusKm * 1e-9 + 1e-9);
      }
    }
  });

  it("is wider in longitude than in latitude away from the equator, as a circle on the sphere is", () => {
    const [[west, south], [east, north]] = geofenceBounds({ ...BERLIN, radiusKm: 10, inside: true });
    const latSpan = north - south;
    const lonSpan = east - west;
    // At 52.5° a degree of longitude is cos(52.5°) ≈ 0.61 of a degree of latitude.
    expect(lonSpan / latSpan).toBeCloseTo(1 / Math.cos((BERLIN.latitude * Math.PI) / 180), 2);
    expect(latSpan).toBeCloseTo((2 * 10 * 180) / (Math.PI * 6371), 6);
  });

  it("stays one closed shape across the antimeridian", () => {
    const ring = circleRing({ latitude: -17.7, longitude: 179.9 }, 50);
    const longitudes = ring.map(([longitude]) => longitude);
    expect(Math.max(...longitudes)).toBeGreaterThan(180);
    expect(Math.max(...longitudes) - Math.min(...longitudes)).toBeLessThan(1);
  });

  it("places the radius handle due east on the circle, and measures a dragged handle back to the radius", () => {
    const handle = radiusHandle(BERLIN, 3);
    expect(handle.latitude).toBeCloseTo(BERLIN.latitude, 2);
    expect(handle.longitude).toBeGreaterThan(BERLIN.longitude);
    expect(distanceKm(BERLIN, handle)).toBeCloseTo(3, 9);
    expect(distanceKm(BERLIN, destination(BERLIN, 7.5, 200))).toBeCloseTo(7.5, 9);
    expect(distanceKm(BERLIN, BERLIN)).toBe(0);
  });

  it("draws the area as one polygon, with which side fires as a property", () => {
    const features = geofenceFeatures({ ...BERLIN, radiusKm: 1, inside: false }).features;
    expect(features.map((feature) => [feature.geometry.type, feature.properties?.kind])).toEqual([["Polygon", "area"]]);
    expect(features[0]?.properties?.inside).toBe(false);
  });
});
