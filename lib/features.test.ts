import { describe, expect, it } from "vitest";
import { canReadSignals, signalsFeatureFor } from "./features";
import { type PrivilegeId } from "./protocol";

const grant = (...privileges: PrivilegeId[]) => ({ privileges });

describe("reading the latest signals", () => {
  it("is allowed by non-location history, the approximate location or the location history", () => {
    expect(canReadSignals(grant(1))).toBe(true);
    expect(canReadSignals(grant(8))).toBe(true);
    expect(canReadSignals(grant(4))).toBe(true);
  });

  it("is not allowed without any of them, nor without a grant", () => {
    expect(canReadSignals(grant(5))).toBe(false);
    expect(canReadSignals(null)).toBe(false);
  });

  it("is checked against the signals' rule when the grant holds it or nothing at all, else the approximate location's", () => {
    expect(signalsFeatureFor(grant(1, 4))).toBe("telemetry");
    expect(signalsFeatureFor(grant(4))).toBe("approximateLocation");
    expect(signalsFeatureFor(grant(8))).toBe("approximateLocation");
    expect(signalsFeatureFor(grant(5))).toBe("telemetry");
    expect(signalsFeatureFor(undefined)).toBe("telemetry");
  });
});
