import { describe, expect, it } from "vitest";
import { formatDistanceKm, formatMoney } from "./numbers";
import { formatCountdown, formatDuration } from "./time";

describe("formatDuration", () => {
  it.each([
    [45_000, "45 s"],
    [12 * 60_000, "12 min"],
    [65 * 60_000, "1 h 05 min"],
    [50 * 3_600_000, "2 d 2 h"],
    [-1, "unknown"],
    [Number.NaN, "unknown"],
  ])("%d ms reads %s", (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe("formatCountdown", () => {
  it.each([
    [7 * 86_400_000 - 1_000, "6 d 23 h"],
    [249_000, "4 min 09 s"],
    [2 * 3_600_000 + 5 * 60_000, "2 h 05 min"],
    [0, "expired"],
    [-5, "expired"],
  ])("%d ms left reads %s", (ms, text) => expect(formatCountdown(ms)).toBe(text));
});

describe("formatMoney", () => {
  it("formats whole dollars without cents", () => expect(formatMoney(23450, "USD", "en-US")).toBe("$23,450"));
  it("formats euros in a German locale", () => expect(formatMoney(1234.5, "EUR", "de-DE")).toMatch(/1\.234,50\s€/));
  it("survives an unknown currency code", () => expect(formatMoney(10, "NOPE", "en-US")).toBe("10 NOPE"));
});

describe("formatDistanceKm", () => {
  it("shows km and miles", () => expect(formatDistanceKm(16.09344)).toBe("16 km (10 mi)"));
  it("keeps a decimal for short distances", () => expect(formatDistanceKm(1.5)).toBe("1.5 km (0.9 mi)"));
});
