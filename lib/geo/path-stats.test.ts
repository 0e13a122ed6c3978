import { describe, expect, it } from "vitest";
import type { TripPath } from "@/lib/models";
import { haversineKm } from "./distance";
import { lngLatAt, pathStats, positionAt } from "./path-stats";

// Three legs north along a meridian: 60 s at about 60 km/h, 60 s stopped, 60 s at about 30 km/h.
const T0 = Date.parse("2026-11-01T08:00:00Z");
const KM_PER_DEGREE = haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 });
const north = (km: number): [number, number] => [0, km / KM_PER_DEGREE];
const PATH: TripPath = {
  coordinates: [north(0), north(1), north(1), north(1.5)],
  times: [T0, T0 + 60_000, T0 + 120_000, T0 + 180_000],
  speeds: [0, 58, 0, 31],
};

describe("pathStats", () => {
  it("measures along the path, splits moving from stopped time and takes the top speed from the signal", () => {
    const stats = pathStats(PATH);
    expect(stats.distanceKm).toBeCloseTo(1.5, 6);
    expect(stats.durationSeconds).toBe(180);
    expect(stats.movingSeconds).toBe(120);
    expect(stats.stoppedSeconds).toBe(60);
    expect(stats.averageMovingKmh).toBeCloseTo(45, 6);
    expect(stats.topKmh).toBe(58);
  });

  it("derives speeds from the fixes when the grant gives none", () => {
    const stats = pathStats({ ...PATH, speeds: PATH.speeds.map(() => null) });
    expect(stats.topKmh).toBeCloseTo(60, 6);
  });

  it("counts a path of one point as no distance and no time", () => {
    const stats = pathStats({ coordinates: [north(0)], times: [T0], speeds: [null] });
    expect(stats).toMatchObject({ distanceKm: 0, durationSeconds: 0, movingSeconds: 0, averageMovingKmh: null });
  });
});

describe("positionAt and lngLatAt", () => {
  it("finds the leg a time falls in and interpolates along it, clamped to the ends", () => {
    expect(positionAt(PATH, T0 + 30_000)).toEqual({ index: 0, fraction: 0.5 });
    expect(positionAt(PATH, T0 - 1)).toEqual({ index: 0, fraction: 0 });
    expect(positionAt(PATH, T0 + 999_999)).toEqual({ index: 3, fraction: 0 });
    expect(lngLatAt(PATH, T0 + 150_000)[1]).toBeCloseTo(north(1.25)[1], 9);
  });
});
