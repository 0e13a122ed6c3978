import { describe, expect, it } from "vitest";
import { historySeries } from "@/lib/signals/history-series";
import { tripSpeedSeries } from "./trip-detail-speed";

const START = Date.parse("2026-11-01T08:00:00Z");
const at = (seconds: number) => START + seconds * 1000;

describe("a trip's speed for the history chart", () => {
  it("takes the path's bucket interval from its shortest step, and its speed signal at each fix", () => {
    const { points, intervalMs } = tripSpeedSeries({
      coordinates: [
        [2, 1],
        [2.001, 1],
        [2.002, 1],
        [2.003, 1],
      ],
      times: [at(0), at(10), at(20), at(60)],
      speeds: [0, 30, 42, 25],
    });
    expect(intervalMs).toBe(10_000);
    expect(points).toEqual([
      { timestamp: "2026-11-01T08:00:00.000Z", value: 0 },
      { timestamp: "2026-11-01T08:00:10.000Z", value: 30 },
      { timestamp: "2026-11-01T08:00:20.000Z", value: 42 },
      { timestamp: "2026-11-01T08:01:00.000Z", value: 25 },
    ]);
  });

  it("leaves the buckets without a fix empty on the chart's grid, so the line is not drawn across them", () => {
    const { points, intervalMs } = tripSpeedSeries({
      coordinates: [
        [2, 1],
        [2.001, 1],
        [2.002, 1],
      ],
      times: [at(0), at(10), at(40)],
      speeds: [10, 20, 30],
    });
    const series = historySeries(points, intervalMs, new Date(at(0)).toISOString(), new Date(at(40)).toISOString());
    expect(series.values).toEqual([10, 20, null, null, 30]);
  });

  it("derives the speed from the legs when the grant gives no speed signal", () => {
    const { points } = tripSpeedSeries({
      coordinates: [
        [0, 0],
        [0, 0.01],
      ],
      times: [at(0), at(60)],
      speeds: [null, null],
    });
    // 0.01 degrees of latitude is about 1.11 km, driven in a minute.
    expect(points[0]?.value).toBe(0);
    expect(points[1]?.value).toBeCloseTo(66.7, 0);
  });

  it("gives a path of one fix an interval still", () => {
    expect(tripSpeedSeries({ coordinates: [[2, 1]], times: [at(0)], speeds: [12] }).intervalMs).toBeGreaterThan(0);
  });
});
