import { describe, expect, it } from "vitest";
import { type AllTripsProgress, timeLeftMs } from "./use-all-trips";

const progress = (pagesDone: number, totalPages: number | null, startedAt = 0): AllTripsProgress => ({
  status: "loading",
  totalPages,
  pagesDone,
  trips: pagesDone * 100,
  points: pagesDone * 100,
  truncated: false,
  error: null,
  version: pagesDone,
  startedAt,
});

describe("timeLeftMs", () => {
  it("projects the pace so far onto the pages left", () => {
    // 100 pages in 12.5 s at DIMO's pace: 900 more take 112.5 s.
    expect(timeLeftMs(progress(100, 1_000, 1_000), 13_500)).toBe(112_500);
  });

  it("says nothing before a pace is known or once every page is in", () => {
    expect(timeLeftMs(progress(2, 1_000), 1_000)).toBeNull();
    expect(timeLeftMs(progress(10, null), 1_000)).toBeNull();
    expect(timeLeftMs(progress(25, 25), 1_000)).toBeNull();
  });
});
