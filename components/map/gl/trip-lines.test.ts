import { describe, expect, it } from "vitest";
import { PointStore } from "@/components/trips/point-store";
import { mercatorX, mercatorY } from "./webgl";
import { lineAlpha, linesNear, tripLinesOf } from "./trip-lines";

const DAY = 86_400_000;

/** Three trips a day apart, the middle one without an end. */
function store(): PointStore {
  const points = new PointStore();
  points.add([-122.68, 45.52, -122.6, 45.5, -122.7, 45.55], 1, {
    ids: ["a", "b", "c"],
    offsets: [0, 1, 2],
    starts: [3 * DAY, 2 * DAY, DAY].map((ms) => ms / 1000),
    durations: [600, 600, 600],
    distances: [1000, 1000, 1000],
    endOf: [0, -1, 1],
    ends: [-122.65, 45.53, -122.72, 45.56],
  });
  return points;
}

describe("tripLinesOf", () => {
  it("draws one line a trip with both ends, relative to the first start", () => {
    const lines = tripLinesOf(store(), null);
    expect(lines.count).toBe(2);
    expect(lines.vertices).toHaveLength(8);
    expect(lines.origin[0]).toBeCloseTo(mercatorX(-122.68), 12);
    expect(lines.origin[1]).toBeCloseTo(mercatorY(45.52), 12);
    // The first trip's end, back in longitude and latitude space.
    expect((lines.vertices[2] ?? 0) + lines.origin[0]).toBeCloseTo(mercatorX(-122.65), 7);
    expect((lines.vertices[3] ?? 0) + lines.origin[1]).toBeCloseTo(mercatorY(45.53), 7);
    // The third trip (the second drawn) starts where it starts.
    expect((lines.vertices[4] ?? 0) + lines.origin[0]).toBeCloseTo(mercatorX(-122.7), 7);
    // And each line knows its trip's entry in the store.
    expect(Array.from(lines.entries)).toEqual([0, 2]);
  });

  it("keeps only the trips that start in the window, and at most the limit", () => {
    expect(tripLinesOf(store(), { from: 2.5 * DAY, to: 4 * DAY }).count).toBe(1);
    expect(tripLinesOf(store(), { from: 0, to: 1.5 * DAY }).count).toBe(1);
    expect(tripLinesOf(store(), { from: 10 * DAY, to: 11 * DAY })).toMatchObject({ count: 0, origin: [0, 0] });
    expect(tripLinesOf(store(), null, 1).count).toBe(1);
  });

  it("keeps metre precision far from the origin of the mercator plane", () => {
    // float32 of an absolute mercator coordinate would be off by metres; relative to the origin it is not.
    const lines = tripLinesOf(store(), null);
    const metresPerUnit = 40_075_016 * Math.cos((45.5 * Math.PI) / 180);
    const error = Math.abs((lines.vertices[2] ?? 0) - (mercatorX(-122.65) - lines.origin[0])) * metresPerUnit;
    expect(error).toBeLessThan(0.01);
  });
});

describe("linesNear", () => {
  // Two lines in mercator units relative to the origin: one along x from (0, 0) to (10, 0), one along y from (20, -5)
  // to (20, 5), for store entries 7 and 9.
  const lines = {
    vertices: new Float32Array([0, 0, 10, 0, 20, -5, 20, 5]),
    origin: [100, 200] as [number, number],
    count: 2,
    entries: new Uint32Array([7, 9]),
  };
  const at = (x: number, y: number): [number, number] => [100 + x, 200 + y];

  it("picks the lines that pass within the tolerance, anywhere along them", () => {
    expect(linesNear(lines, at(5, 0.9), 1)).toEqual([7]);
    expect(linesNear(lines, at(5, 1.1), 1)).toEqual([]);
    expect(linesNear(lines, at(19.5, 4), 1)).toEqual([9]);
    // Between the two, near both with a wide enough tolerance, in the lines' order.
    expect(linesNear(lines, at(15, 0), 5)).toEqual([7, 9]);
  });

  it("measures past a line's ends to the end itself, not to the line it would make longer", () => {
    // On the first line's axis but 2 beyond its end: 2 away, not 0.
    expect(linesNear(lines, at(12, 0), 1.9)).toEqual([]);
    expect(linesNear(lines, at(12, 0), 2.1)).toEqual([7]);
    expect(linesNear(lines, at(20, 7), 2.1)).toEqual([9]);
  });

  it("picks a trip that ends where it started when the pointer is on that point", () => {
    const still = {
      vertices: new Float32Array([3, 3, 3, 3]),
      origin: [0, 0] as [number, number],
      count: 1,
      entries: new Uint32Array([4]),
    };
    expect(linesNear(still, [3, 3.5], 1)).toEqual([4]);
    expect(linesNear(still, [3, 5], 1)).toEqual([]);
  });
});

describe("mercator and opacity", () => {
  it("puts the equator and the meridian at the centre", () => {
    expect(mercatorX(0)).toBe(0.5);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(85.0511287798)).toBeCloseTo(0, 6);
  });

  it("makes each line fainter the more there are", () => {
    expect(lineAlpha(0)).toBe(0);
    expect(lineAlpha(10)).toBe(0.9);
    expect(lineAlpha(10_000)).toBeLessThan(lineAlpha(1_000));
    expect(lineAlpha(1_000_000)).toBe(0.06);
  });
});
