import { describe, expect, it } from "vitest";
import { snappedBox } from "./sandbox-basemap";

describe("snappedBox", () => {
  const chicago = { west: -87.8123, south: 41.8311, east: -87.6907, north: 41.9012 };

  it("snaps the view outward to hundredths at city zoom, so a small pan asks for the same box", () => {
    expect(snappedBox(chicago, 12)).toBe("-87.82,41.82,-87.68,41.92");
    expect(snappedBox({ ...chicago, west: -87.8101, east: -87.6921 }, 12.5)).toBe("-87.82,41.82,-87.68,41.92");
  });

  it("snaps to a coarser grid further out, and keeps the box inside the world", () => {
    const [west, south, east, north] = snappedBox(chicago, 6).split(",").map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(west).toBeLessThanOrEqual(chicago.west);
    expect(east).toBeGreaterThanOrEqual(chicago.east);
    expect(south).toBeLessThanOrEqual(chicago.south);
    expect(north).toBeGreaterThanOrEqual(chicago.north);
    expect(east - west).toBeCloseTo(0.32, 5);
    expect(snappedBox({ west: -250, south: -89, east: 250, north: 89 }, 0)).toBe("-180.00,-85.00,180.00,85.00");
  });
});
