import type { Position } from "geojson";
import { describe, expect, it } from "vitest";
import { unwrapPolygon, unwrapRing } from "./antimeridian";

const biggestStep = (ring: Position[]) =>
  Math.max(...ring.slice(1).map((p, i) => Math.abs((p[0] ?? 0) - (ring[i]?.[0] ?? 0))));

describe("unwrapRing", () => {
  it("leaves a ring that does not cross alone", () => {
    const ring = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it("makes a ring across the 180th meridian continuous and still closed", () => {
    const fiji = [
      [179, -16],
      [-179, -16],
      [-179, -17],
      [179, -17],
      [179, -16],
    ];
    const unwrapped = unwrapRing(fiji);
    expect(unwrapped).toEqual([
      [179, -16],
      [181, -16],
      [181, -17],
      [179, -17],
      [179, -16],
    ]);
    expect(biggestStep(unwrapped)).toBeLessThanOrEqual(180);
  });

  it("routes a ring around the pole along the pole instead of across the map", () => {
    const ring = [
      [-180, -80],
      [-90, -81],
      [0, -80],
      [90, -81],
      [179.6, -80],
      [-180, -80.5],
      [-180, -80],
    ];
    const result = unwrapRing(ring);
    // Every long step now runs along the pole's latitude, off the visible map.
    for (let i = 1; i < result.length; i++) {
      const [a, b] = [result[i - 1] ?? [], result[i] ?? []];
      if (Math.abs((a[0] ?? 0) - (b[0] ?? 0)) > 180) {
        expect(a[1]).toBe(-90);
        expect(b[1]).toBe(-90);
      }
    }
    expect(result).toContainEqual([180, -80]);
    expect(result).toContainEqual([-180, -80.5]);
  });

  it("unwraps every ring of a MultiPolygon", () => {
    const geometry = unwrapPolygon({
      type: "MultiPolygon",
      coordinates: [
        [
          [
            [179, 65],
            [-179, 65],
            [-179, 66],
            [179, 65],
          ],
        ],
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    });
    expect(geometry.type).toBe("MultiPolygon");
    expect(geometry.coordinates[0]).toEqual([
      [
        [179, 65],
        [181, 65],
        [181, 66],
        [179, 65],
      ],
    ]);
    expect(geometry.coordinates[1]).toEqual([
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ]);
  });
});
