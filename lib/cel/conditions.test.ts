import { describe, expect, it } from "vitest";
import {
  conditionError,
  EMPTY_SIGNAL,
  evaluateEventCondition,
  evaluateSignalCondition,
  geoDistanceKm,
  prepareEventCondition,
  prepareSignalCondition,
  type PreparedCondition,
  type SignalReading,
} from "./conditions";

const prepared = (result: ReturnType<typeof prepareSignalCondition>): PreparedCondition => {
  if (!result.ok) throw new Error(result.error);
  return result.prepared;
};

const speed = (valueNumber: number): SignalReading => ({ ...EMPTY_SIGNAL, valueNumber, source: "0xabc" });
const at = (latitude: number, longitude: number): SignalReading => ({
  ...EMPTY_SIGNAL,
  valueLocation: { latitude, longitude, hdop: 1.2 },
});

describe("webhook conditions", () => {
  it("accepts the real README's examples for their value types", () => {
    for (const condition of [
      "value > 55",
      "value >= 10.0 && value <= 50.0",
      "valueNumber != previousValueNumber",
      "valueNumber > 20 && valueNumber != previousValue",
    ]) {
      expect(conditionError("signals", condition, "float64"), condition).toBeNull();
    }
    expect(conditionError("signals", "valueString == 'active'", "string")).toBeNull();
    expect(conditionError("signals", "valueString.contains('emergency')", "string")).toBeNull();
    expect(conditionError("signals", "value.latitude > 40.0 && value.longitude < -70.0", "vss.Location")).toBeNull();
    expect(
      conditionError(
        "signals",
        "geoDistance(value.latitude, value.longitude, 40.7128, -74.0060) < 10.0",
        "vss.Location",
      ),
    ).toBeNull();
    expect(conditionError("events", "durationNs > 1000000000 && name == 'behavior.harshBraking'")).toBeNull();
  });

  it("refuses what the real check refuses, with its prefix", () => {
    expect(conditionError("signals", "value >", "float64")).toMatch(/^invalid CEL condition: /);
    expect(conditionError("signals", "speed > 5", "float64")).toMatch(/^invalid CEL condition: .*speed/);
    expect(conditionError("signals", "valueString + 'x'", "float64")).toBe(
      "invalid CEL condition: output type is not bool: string",
    );
    expect(conditionError("signals", "value.latitude > 1", "float64")).toMatch(
      /^invalid CEL condition: failed to evaluate CEL condition: /,
    );
    expect(conditionError("signals", "value > 5", "vss.Location")).toMatch(/failed to evaluate CEL condition/);
    // The real service declares `source` as a double for signals.
    expect(conditionError("signals", "source == 'x'", "float64")).toMatch(/^invalid CEL condition: /);
    expect(conditionError("events", "valueNumber > 1")).toMatch(/^invalid CEL condition: /);
    expect(conditionError("telemetry", "true")).toBe("Invalid service: telemetry");
    expect(conditionError("signals", "", "float64")).toMatch(/^invalid CEL condition: /);
  });

  it("evaluates numbers, previous values and locations", () => {
    const over = prepared(prepareSignalCondition("valueNumber > 55", "float64"));
    expect(evaluateSignalCondition(over, speed(60))).toBe(true);
    expect(evaluateSignalCondition(over, speed(40))).toBe(false);
    const rising = prepared(prepareSignalCondition("value > previousValue", "float64"));
    expect(evaluateSignalCondition(rising, speed(60), speed(50))).toBe(true);
    expect(evaluateSignalCondition(rising, speed(40), speed(50))).toBe(false);
    const near = prepared(
      prepareSignalCondition("geoDistance(value.latitude, value.longitude, 36.1147, -115.1728) < 1", "vss.Location"),
    );
    expect(evaluateSignalCondition(near, at(36.115, -115.173))).toBe(true);
    expect(evaluateSignalCondition(near, at(36.2, -115.173))).toBe(false);
  });

  it("evaluates events with the previous one", () => {
    const result = prepareEventCondition("durationNs > previousDurationNs && metadata.contains('hard')");
    if (!result.ok) throw new Error(result.error);
    const event = { name: "behavior.harshBraking", source: "0x1", durationNs: 2e9, metadata: '{"g":"hard"}' };
    expect(evaluateEventCondition(result.prepared, event)).toBe(true);
    expect(evaluateEventCondition(result.prepared, event, { ...event, durationNs: 3e9 })).toBe(false);
  });

  it("measures distance in kilometres", () => {
    // One degree of latitude is about 111.2 km.
    expect(geoDistanceKm(0, 0, 1, 0)).toBeCloseTo(111.19, 1);
    expect(geoDistanceKm(40.7128, -74.006, 40.7128, -74.006)).toBe(0);
  });
});
