import { describe, expect, it } from "vitest";
import { fleetProgressText, stillReading } from "./progress";
import type { FleetRefreshProgress } from "@/lib/models/fleet";

const PROGRESS: FleetRefreshProgress = {
  total: 10_000,
  withPosition: 3_214,
  read: 3_300,
  withoutLocationGrant: 0,
  remainingSeconds: 720,
  running: true,
  failure: null,
};

describe("fleetProgressText", () => {
  it("says how many vehicles have a position and how long the rest take", () => {
    expect(fleetProgressText(PROGRESS)).toBe(
      "Positions for 3,214 of 10,000 vehicles; the rest in about 12 min at DIMO's limits.",
    );
  });

  it("leaves out the time once every vehicle was read, and names those never asked and a failure", () => {
    const done = { ...PROGRESS, withPosition: 9_000, remainingSeconds: null, running: false };
    expect(fleetProgressText(done)).toBe("Positions for 9,000 of 10,000 vehicles.");
    expect(fleetProgressText({ ...done, withoutLocationGrant: 1 })).toContain(
      "1 vehicle's grant gives no location, so it is not on the map.",
    );
    expect(fleetProgressText({ ...done, withoutLocationGrant: 1_000 })).toContain(
      "1,000 vehicles' grants give no location, so they are not on the map.",
    );
    expect(fleetProgressText({ ...done, failure: "DIMO's Telemetry API is down" })).toContain(
      "The last read failed (DIMO's Telemetry API is down)",
    );
  });

  it("says when there is nothing to place", () => {
    expect(fleetProgressText({ ...PROGRESS, total: 0, withPosition: 0 })).toBe("No vehicles to place yet.");
  });
});

describe("stillReading", () => {
  it("is true while the refresher runs or vehicles remain", () => {
    expect(stillReading(PROGRESS)).toBe(true);
    expect(stillReading({ ...PROGRESS, running: false })).toBe(true);
    expect(stillReading({ ...PROGRESS, running: false, remainingSeconds: null })).toBe(false);
  });
});
