import { describe, expect, it } from "vitest";
import { formatRelativeTime, formatSignalValue } from "./signals";

describe("telemetry values for people", () => {
  it("gives each value its unit and a sensible precision", () => {
    expect(formatSignalValue("speed", 42.4)).toBe("42 km/h");
    expect(formatSignalValue("exteriorAirTemperature", 21.04)).toBe("21 °C");
    expect(formatSignalValue("lowVoltageBatteryCurrentVoltage", 12.634)).toBe("12.63 V");
    expect(formatSignalValue("powertrainTractionBatteryStateOfChargeCurrent", 80.4)).toBe("80%");
    expect(formatSignalValue("isIgnitionOn", 1)).toBe("On");
    expect(formatSignalValue("isIgnitionOn", 0)).toBe("Off");
    expect(formatSignalValue("powertrainType", "BEV")).toBe("BEV");
    expect(formatSignalValue("currentLocationCoordinates", { latitude: 36.1, longitude: -115.2 })).toBe(
      "36.10000, -115.20000",
    );
  });

  it("says how long ago, in the largest unit that fits", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(formatRelativeTime("2026-11-22T11:59:50Z", now)).toMatch(/10 seconds ago/);
    expect(formatRelativeTime("2026-11-22T09:00:00Z", now)).toMatch(/3 hours ago/);
    expect(formatRelativeTime("2026-11-12T12:00:00Z", now)).toMatch(/10 days ago/);
    expect(formatRelativeTime("not a time", now)).toBe("unknown");
  });
});
