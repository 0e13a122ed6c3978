import { describe, expect, it } from "vitest";
import { HEALTH_MAX_RANGE_MS } from "@/lib/models/attestation";
import { HEALTH_RANGES, healthRange } from "./health-range";

const NOW = Date.parse("2026-05-01T12:00:00Z");
const HOUR_MS = 3_600_000;

describe("healthRange", () => {
  it("ends at the given moment and spans exactly 24 hours, 7 days or 30 days", () => {
    expect(healthRange("day", NOW)).toEqual({
      startTime: "2026-04-30T12:00:00.000Z",
      endTime: "2026-05-01T12:00:00.000Z",
    });
    expect(healthRange("week", NOW)).toEqual({
      startTime: "2026-04-24T12:00:00.000Z",
      endTime: "2026-05-01T12:00:00.000Z",
    });
    expect(healthRange("month", NOW)).toEqual({
      startTime: "2026-04-01T12:00:00.000Z",
      endTime: "2026-05-01T12:00:00.000Z",
    });
  });

  it("offers the service's whole 30 days as its longest range, and nothing past them", () => {
    const spans = HEALTH_RANGES.map((range) => {
      const { startTime, endTime } = healthRange(range.id, NOW);
      return Date.parse(endTime) - Date.parse(startTime);
    });
    expect(spans).toEqual([24 * HOUR_MS, 7 * 24 * HOUR_MS, 30 * 24 * HOUR_MS]);
    expect(Math.max(...spans)).toBe(HEALTH_MAX_RANGE_MS);
  });
});
