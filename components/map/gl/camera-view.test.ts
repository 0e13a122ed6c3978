import { describe, expect, it } from "vitest";
import { viewAt } from "./camera-view";

describe("viewAt", () => {
  it("shows the whole Web Mercator world at zoom 0 in a 512-pixel square", () => {
    const [west, south, east, north] = viewAt({ center: { lng: 0, lat: 0 }, zoom: 0 }, 512, 512);
    expect(west).toBeCloseTo(-180, 9);
    expect(east).toBeCloseTo(180, 9);
    expect(north).toBeCloseTo(85.0511, 3);
    expect(south).toBeCloseTo(-85.0511, 3);
  });

  it("halves the span with each zoom step and keeps the centre in the middle of the width", () => {
    const camera = { center: { lng: -98.5, lat: 39.8 }, zoom: 4 };
    const [west, , east] = viewAt(camera, 1000, 560);
    const [westNext, , eastNext] = viewAt({ ...camera, zoom: 5 }, 1000, 560);
    expect(east - west).toBeCloseTo((1000 / (512 * 16)) * 360, 9);
    expect(eastNext - westNext).toBeCloseTo((east - west) / 2, 9);
    expect((west + east) / 2).toBeCloseTo(-98.5, 9);
  });

  it("reaches farther north than south of a northern centre, as Mercator stretches towards the pole", () => {
    const [, south, , north] = viewAt({ center: { lng: 10, lat: 50 }, zoom: 3 }, 800, 600);
    expect(north - 50).toBeLessThan(50 - south);
    expect(north).toBeLessThan(85.06);
  });
});
