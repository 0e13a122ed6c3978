import Supercluster from "supercluster";
import { describe, expect, it, vi } from "vitest";
import { TripGroups } from "./trip-groups";

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
const DAY = 86_400_000;

/** `n` trips a day apart (the newest first), starting in two places far apart, each ending 2 km east of its start. */
function trips(n: number): TripGroups {
  const starts = new Float64Array(n * 2);
  const ends = new Float64Array(n * 2);
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [lng, lat] = i % 2 === 0 ? [-122.68, 45.52] : [-73.99, 40.73];
    starts.set([lng + i * 1e-6, lat], 2 * i);
    // Every fifth trip has no end.
    ends.set(i % 5 === 4 ? [NaN, NaN] : [lng + 0.025, lat], 2 * i);
    times[i] = (n - i) * DAY;
  }
  const groups = new TripGroups();
  // In two appends, as the stream brings pages.
  const half = Math.floor(n / 2);
  groups.append(starts.subarray(0, half * 2), ends.subarray(0, half * 2), times.subarray(0, half));
  groups.append(starts.subarray(half * 2), ends.subarray(half * 2), times.subarray(half));
  return groups;
}

const weight = (features: Array<{ properties: Record<string, unknown> | null }>) =>
  features.reduce(
    (sum, feature) => sum + (typeof feature.properties?.point_count === "number" ? feature.properties.point_count : 1),
    0,
  );

describe("TripGroups", () => {
  it("clusters every trip's start: two places at a city's zoom, each holding its trips", () => {
    const groups = trips(1_000);
    expect(groups.count).toBe(1_000);
    const clusters = groups.groups("starts", null, WORLD, 5).features;
    expect(clusters).toHaveLength(2);
    expect(clusters.map((feature) => feature.properties?.point_count).sort()).toEqual([500, 500]);
  });

  it("lists a cluster's trips by their entry, and says at which zoom it splits", () => {
    const groups = trips(100);
    const [cluster] = groups.groups("starts", null, [-130, 40, -110, 50], 5).features;
    const id = Number(cluster?.properties?.cluster_id);
    const leaves = groups.leaves(null, id, Infinity);
    expect(leaves).toHaveLength(50);
    // The west coast's trips are the even entries.
    expect(leaves.every((i) => i % 2 === 0)).toBe(true);
    expect(groups.expansionZoom(null, id)).toBeGreaterThan(5);
  });

  it("keeps only a window's trips, and every trip again without one", () => {
    const groups = trips(100);
    // Times run from 100 days (entry 0) down to 1 day (entry 99): days 11 to 20 are entries 80 to 89.
    const window = { from: 11 * DAY, to: 21 * DAY };
    const { features, count } = groups.groups("starts", window, WORLD, 3);
    expect(count).toBe(10);
    expect(weight(features)).toBe(10);
    const cluster = features.find((feature) => feature.properties?.cluster === true);
    const leaves = groups.leaves(window, Number(cluster?.properties?.cluster_id), Infinity);
    expect(leaves.every((i) => i >= 80 && i < 90)).toBe(true);
    expect(groups.groups("starts", null, WORLD, 3).count).toBe(100);
  });

  it("weighs every start and every known end once in the density, grouped only within a few pixels", () => {
    const groups = trips(100);
    const density = groups.groups("density", null, WORLD, 10);
    // 100 starts and the 80 ends that are known.
    expect(density.count).toBe(180);
    expect(weight(density.features)).toBe(180);
    // Starts and ends 2 km apart stay apart at city zoom: four places, not two.
    expect(density.features).toHaveLength(4);
  });

  it("groups every trip of each kind once: going back and forth between a window and every trip builds nothing again", () => {
    const groups = trips(100);
    const window = { from: 11 * DAY, to: 21 * DAY };
    const built = vi.spyOn(Supercluster.prototype, "load");
    try {
      for (const kind of ["starts", "density"] as const) {
        const all = groups.groups(kind, null, WORLD, 3);
        expect(groups.groups(kind, window, WORLD, 3).count).toBeLessThan(all.count);
        expect(groups.groups(kind, null, WORLD, 3)).toEqual(all);
        expect(groups.groups(kind, window, WORLD, 3).count).toBeLessThan(all.count);
      }
      // Every trip's starts and density, and the window's of each.
      expect(built).toHaveBeenCalledTimes(4);
    } finally {
      built.mockRestore();
    }
  });

  it("names the busiest places of a window, busiest first, a lone start counting one", () => {
    // Three places 5 km apart in Lisbon with 30, 20 and 10 trips a day apart (the busiest the oldest), and one trip
    // in Porto, the newest.
    const places: Array<[number, number, number]> = [
      [-9.14, 38.72, 30],
      [-9.08, 38.72, 20],
      [-9.14, 38.77, 10],
    ];
    const starts: number[] = [];
    for (const [lng, lat, n] of places) for (let i = 0; i < n; i++) starts.push(lng + i * 1e-5, lat);
    starts.push(-8.61, 41.15);
    const count = starts.length / 2;
    const groups = new TripGroups();
    groups.append(
      new Float64Array(starts),
      new Float64Array(count * 2).fill(NaN),
      Float64Array.from({ length: count }, (_, i) => i * DAY),
    );

    const trips = (feature: { properties: Record<string, unknown> | null }) => feature.properties?.point_count ?? 1;
    const { features, count: held } = groups.busiest(null, 13, 10);
    expect(held).toBe(61);
    expect(features.map(trips)).toEqual([30, 20, 10, 1]);
    expect(groups.busiest(null, 13, 2).features.map(trips)).toEqual([30, 20]);
    // The busiest place's trips are the first 30 entries.
    const busiest = Number(features[0]?.properties?.cluster_id);
    expect(groups.leaves(null, busiest, Infinity).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i),
    );
    // The last 25 days hold the third place's 10 trips, 14 of the second's and Porto's one.
    expect(groups.busiest({ from: 36 * DAY, to: 61 * DAY }, 13, 10).features.map(trips)).toEqual([14, 10, 1]);
  });

  it("answers from the trips appended since, and from nothing after a reset", () => {
    const groups = trips(10);
    expect(groups.groups("starts", null, WORLD, 0).count).toBe(10);
    groups.append(new Float64Array([2.35, 48.85]), new Float64Array([NaN, NaN]), new Float64Array([0]));
    expect(groups.groups("starts", null, WORLD, 0).count).toBe(11);
    groups.reset();
    expect(groups.count).toBe(0);
    expect(groups.groups("starts", null, WORLD, 0).features).toEqual([]);
  });
});
