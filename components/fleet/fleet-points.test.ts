import type { Feature, Point } from "geojson";
import Supercluster from "supercluster";
import { describe, expect, it } from "vitest";
import { CLUSTERING } from "@/components/map/gl/clustering";
import type { FleetPosition } from "@/lib/models/fleet";
import { fleetMarksOf, fleetPointsOf, positionsIn, vehiclesAt } from "./fleet-points";

const position = (tokenId: number, lat: number, lon: number, approximate = false): FleetPosition => ({
  tokenId,
  name: `Vehicle ${tokenId}`,
  lat,
  lon,
  approximate,
  atMs: 1_700_000_000_000,
});

describe("fleetPointsOf", () => {
  it("keeps the usable positions, in order, as the store's entries", () => {
    const points = fleetPointsOf([
      position(1, 45.5, -122.6),
      position(2, Number.NaN, 0),
      position(3, 91, 0),
      position(4, 40.7, -74),
    ]);
    expect(points.positions.map((p) => p.tokenId)).toEqual([1, 4]);
    expect(points.store.count).toBe(2);
    expect(points.store.coordinates).toEqual([-122.6, 45.5, -74, 40.7]);
    expect(points.store.bounds()).toEqual([-122.6, 40.7, -74, 45.5]);
  });
});

describe("the marks of a fleet", () => {
  // A metro of 1,000 vehicles, one of them approximate and far off, clustered as the worker does.
  const positions = [
    ...Array.from({ length: 999 }, (_, i) => position(i, 45.5 + (i % 30) * 0.001, -122.6 + (i % 33) * 0.001)),
    position(5_000, 10, 10, true),
  ];
  const points = fleetPointsOf(positions);
  const index = new Supercluster<{ i: number }>(CLUSTERING).load(
    points.positions.map((p, i): Feature<Point, { i: number }> => ({
      type: "Feature",
      properties: { i },
      geometry: { type: "Point", coordinates: [p.lon, p.lat] },
    })),
  );

  it("add up to every position at any zoom", () => {
    for (const zoom of [0, 5, 10, 15, 16]) {
      const marks = fleetMarksOf(index.getClusters([-180, -85, 180, 85], zoom), points.positions);
      expect(positionsIn(marks), `zoom ${zoom}`).toBe(1_000);
    }
  });

  it("fade a single approximate position and nothing else", () => {
    const marks = fleetMarksOf(index.getClusters([-180, -85, 180, 85], 3), points.positions);
    const faded = marks.filter((mark) => mark.faded);
    expect(faded.map((mark) => mark.index)).toEqual([999]);
    expect(marks.filter((mark) => mark.clusterId !== null).every((mark) => !mark.faded)).toBe(true);
  });

  it("lead back from a cluster's entries to its vehicles", () => {
    const cluster = fleetMarksOf(index.getClusters([-180, -85, 180, 85], 3), points.positions).find(
      (mark) => mark.clusterId !== null,
    );
    const leaves = index.getLeaves(cluster?.clusterId ?? -1, 5).map((leaf) => leaf.properties.i);
    const vehicles = vehiclesAt([...leaves, 99_999], points.positions);
    expect(vehicles).toHaveLength(5);
    expect(vehicles.every((v) => v.tokenId < 999)).toBe(true);
    const names = vehicles.map((v) => v.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
