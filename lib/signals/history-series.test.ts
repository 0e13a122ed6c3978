import { describe, expect, it } from "vitest";
import { historySeries, isZeroBased, valueRange } from "./history-series";

const FIVE_MINUTES = 300_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 0, minutes)).toISOString();
const seconds = (minutes: number) => Date.UTC(2026, 10, 28, 0, minutes) / 1000;

describe("historySeries", () => {
  it("puts every bucket of the window on the grid, with null where the vehicle sent nothing", () => {
    const points = [
      { timestamp: at(10), value: 40 },
      { timestamp: at(15), value: 55 },
      { timestamp: at(35), value: 30 },
    ];
    const { times, values } = historySeries(points, FIVE_MINUTES, at(0), at(40));
    expect(times[0]).toBe(seconds(0));
    expect(times.at(-1)).toBe(seconds(40));
    expect(times).toHaveLength(9);
    expect(values).toEqual([null, null, 40, 55, null, null, null, 30, null]);
  });

  it("keeps a reading of 0 as 0, apart from a bucket without a reading", () => {
    const points = [
      { timestamp: at(0), value: 0 },
      { timestamp: at(10), value: 12 },
    ];
    expect(historySeries(points, FIVE_MINUTES, at(0), at(10)).values).toEqual([0, null, 12]);
  });

  it("aligns the grid on the buckets' own starts when the window starts between two", () => {
    const points = [{ timestamp: at(12), value: 5 }];
    const { times, values } = historySeries(points, FIVE_MINUTES, at(3), at(17));
    expect(times).toEqual([seconds(7), seconds(12), seconds(17)]);
    expect(values).toEqual([null, 5, null]);
  });

  it("is empty without points", () => {
    expect(historySeries([], FIVE_MINUTES, at(0), at(60))).toEqual({ times: [], values: [] });
  });
});

describe("isZeroBased", () => {
  it("starts speeds, levels, distances and flags at 0", () => {
    for (const signal of [
      "speed",
      "powertrainTractionBatteryStateOfChargeCurrent",
      "powertrainTransmissionTravelledDistance",
      "powertrainRange",
      "isIgnitionOn",
    ])
      expect(isZeroBased(signal), signal).toBe(true);
  });

  it("does not for a temperature, a voltage, a power both ways, or a signal it does not know", () => {
    for (const signal of [
      "exteriorAirTemperature",
      "lowVoltageBatteryCurrentVoltage",
      "powertrainTractionBatteryCurrentPower",
      "currentLocationAltitude",
      "notASignal",
    ])
      expect(isZeroBased(signal), signal).toBe(false);
  });
});

describe("valueRange", () => {
  it("starts a zero-based range at 0 however high its lowest value", () => {
    const [low, high] = valueRange([39, null, 69], true);
    expect(low).toBe(0);
    expect(high).toBeGreaterThanOrEqual(69);
  });

  it("keeps a negative value of a zero-based signal in range", () => {
    expect(valueRange([-2, 10], true)[0]).toBe(-2);
  });

  it("fits other signals around their values, gaps ignored", () => {
    const [low, high] = valueRange([null, 11.8, 12.6, null], false);
    expect(low).toBeGreaterThan(11);
    expect(low).toBeLessThan(11.8);
    expect(high).toBeGreaterThan(12.6);
    expect(high).toBeLessThan(13.5);
  });

  it("is never empty", () => {
    expect(valueRange([0, 0], true)).toEqual([0, 1]);
    expect(valueRange([4, 4], false)).toEqual([3, 5]);
    expect(valueRange([null], true)).toEqual([0, 1]);
  });
});
