import { describe, expect, it } from "vitest";
import { parseGoDuration } from "./duration";
import { formatTime, parseTime } from "./time";

describe("parseGoDuration, as Go's time.ParseDuration", () => {
  it("reads sequences of numbers with units, fractions and a sign", () => {
    const cases: [string, number][] = [
      ["0", 0],
      ["5m", 300e9],
      ["2h45m", 9900e9],
      ["1.5h", 5400e9],
      ["-1.5h", -5400e9],
      ["+30s", 30e9],
      [".5s", 0.5e9],
      ["1.s", 1e9],
      ["500ms", 500e6],
      ["1us", 1e3],
      ["1\u00b5s", 1e3],
      ["1\u03bcs", 1e3],
      ["7ns", 7],
      ["1h0m0s", 3600e9],
    ];
    for (const [text, nanos] of cases) expect(parseGoDuration(text), text).toEqual({ ok: true, nanos });
  });

  it("refuses what Go refuses, in Go's words", () => {
    const cases: [string, string][] = [
      ["", 'time: invalid duration ""'],
      ["1d", 'time: unknown unit "d" in duration "1d"'],
      ["5", 'time: missing unit in duration "5"'],
      [".s", 'time: invalid duration ".s"'],
      ["5m-3s", 'time: unknown unit "m-" in duration "5m-3s"'],
      ["-", 'time: invalid duration "-"'],
      ["1H", 'time: unknown unit "H" in duration "1H"'],
      ["3000000h", 'time: invalid duration "3000000h"'],
    ];
    for (const [text, message] of cases) expect(parseGoDuration(text), text).toEqual({ ok: false, message });
  });
});

describe("the Time scalar", () => {
  it("reads RFC 3339 with any offset and up to nanoseconds (kept to the microsecond)", () => {
    expect(parseTime("2024-06-16T20:01:25Z")).toBe(Date.UTC(2024, 5, 16, 20, 1, 25) * 1000);
    expect(parseTime("2024-06-16T20:01:25.397535Z")).toBe(Date.UTC(2024, 5, 16, 20, 1, 25) * 1000 + 397535);
    expect(parseTime("2024-06-16T22:01:25.5+02:00")).toBe(Date.UTC(2024, 5, 16, 20, 1, 25) * 1000 + 500000);
    expect(parseTime("2024-06-16T20:01:25.123456789Z")).toBe(Date.UTC(2024, 5, 16, 20, 1, 25) * 1000 + 123456);
    for (const bad of [
      "2024-06-16",
      "2024-06-16 20:01:25Z",
      "2024-02-30T00:00:00Z",
      "yesterday",
      "2024-06-16T24:00:00Z",
    ]) {
      expect(parseTime(bad), bad).toBeNull();
    }
  });

  it("writes as Go's RFC3339Nano: no trailing zeros in the fraction", () => {
    const base = Date.UTC(2024, 5, 16, 20, 1, 25) * 1000;
    expect(formatTime(base)).toBe("2024-06-16T20:01:25Z");
    expect(formatTime(base + 397535)).toBe("2024-06-16T20:01:25.397535Z");
    expect(formatTime(base + 500000)).toBe("2024-06-16T20:01:25.5Z");
    expect(formatTime(base + 1)).toBe("2024-06-16T20:01:25.000001Z");
  });
});
