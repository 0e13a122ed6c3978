import { describe, expect, it } from "vitest";
import { HEALTH_MAX_RANGE_MS } from "@/lib/server/attestation-types";
import { HEALTH_RANGES, healthRange } from "./health-range";

describe("healthRange", () => {
  it("ends at the given moment and spans the chosen range, never past the service's 30 days", () => {
    const now = Date.parse("2026-05-01T12:00:00Z");
    expect(healthRange("week", now)).toEqual({
      startTime: "2026-04-24T12:00:00.000Z",
      endTime: "2026-05-01T12:00:00.000Z",
    });
    for (const range of HEALTH_RANGES) {
      const { startTime, endTime } = healthRange(range.id, now);
      expect(Date.parse(endTime) - Date.parse(startTime)).toBeLessThanOrEqual(HEALTH_MAX_RANGE_MS);
    }
  });
});
