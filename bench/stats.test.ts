import { describe, expect, it } from "vitest";
import { median, percentile, round, summarize } from "./stats";

describe("percentile", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it("picks the nearest-rank sample", () => {
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(20);
  });

  it("is NaN for no samples and refuses a p outside 0..1", () => {
    expect(percentile([], 0.5)).toBeNaN();
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe("summarize", () => {
  it("sorts a copy and reports count, median, p95, min and max", () => {
    const samples = [5, 1, 4, 2, 3];
    expect(summarize(samples)).toEqual({ count: 5, median: 3, p95: 5, min: 1, max: 5 });
    expect(samples).toEqual([5, 1, 4, 2, 3]);
  });

  it("gives NaN figures for no samples", () => {
    const empty = summarize([]);
    expect(empty.count).toBe(0);
    expect(empty.median).toBeNaN();
    expect(empty.min).toBeNaN();
    expect(median([7, 9, 8])).toBe(8);
  });
});

describe("round", () => {
  it("keeps the asked number of digits", () => {
    expect(round(1.23456)).toBe(1.23);
    expect(round(1.23556, 3)).toBe(1.236);
    expect(round(1499.6, 0)).toBe(1500);
  });
});
