import { describe, expect, it } from "vitest";
import { HISTORY_WINDOWS, aggregationFor, describeAggregation } from "./telemetry-history";

describe("the history chart's windows and aggregations", () => {
  it("draws each window with 100 to 300 buckets", () => {
    const unitMs = { m: 60_000, h: 3_600_000 } as const;
    for (const window of HISTORY_WINDOWS) {
      const [, amount, unit] = /^(\d+)([mh])$/.exec(window.interval) ?? [];
      const buckets = window.ms / (Number(amount) * unitMs[unit as "m" | "h"]);
      expect(buckets, window.id).toBeGreaterThanOrEqual(100);
      expect(buckets, window.id).toBeLessThanOrEqual(300);
    }
  });

  it("says the aggregation in words", () => {
    expect(describeAggregation(aggregationFor("speed"), "5 minutes")).toBe("the highest value in each 5-minute bucket");
    expect(describeAggregation(aggregationFor("exteriorAirTemperature"), "1 hour")).toBe(
      "the average in each hour bucket",
    );
    expect(describeAggregation(aggregationFor("powertrainRange"), "6 hours")).toBe(
      "the last value in each 6-hour bucket",
    );
  });
});
