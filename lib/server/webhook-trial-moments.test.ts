import { describe, expect, it } from "vitest";
import { type Trip } from "@/lib/models";
import { trialMoments } from "./webhook-trial-moments";
import { TRIAL_MAX_MOMENTS } from "@/lib/models/webhook-trial";

const trip = (id: string, start: number, end: number): Trip =>
  ({
    id,
    start: { time: new Date(start).toISOString() },
    end: { time: new Date(end).toISOString() },
    droppedData: false,
  }) as Trip;

const firing = (at: number) => ({ at, words: String(at) });

describe("trialMoments", () => {
  const trips = [
    { trip: trip("b", 5_000, 6_000), page: 1 },
    { trip: trip("a", 1_000, 2_000), page: 2 },
  ];

  it("makes one moment per trip, counting its firings, and leaves firings outside trips alone", () => {
    const described: number[] = [];
    const words = (f: { at: number; words: string }) => {
      described.push(f.at);
      return f.words;
    };
    const moments = trialMoments(7, [1_500, 1_000, 3_000, 5_000, 5_500, 6_000].map(firing), trips, words);
    expect(moments).toEqual([
      { at: new Date(1_000).toISOString(), value: "1000", tripHref: "/vehicles/7/trips?page=2&trip=a", count: 2 },
      { at: new Date(3_000).toISOString(), value: "3000", tripHref: null, count: 1 },
      { at: new Date(5_000).toISOString(), value: "5000", tripHref: "/vehicles/7/trips?page=1&trip=b", count: 3 },
    ]);
    // Only a moment's first firing is put into words.
    expect(described).toEqual([1_000, 3_000, 5_000]);
  });

  it("keeps at most TRIAL_MAX_MOMENTS moments, oldest first", () => {
    const many = Array.from({ length: TRIAL_MAX_MOMENTS + 5 }, (_, index) => firing(10_000 + index));
    const moments = trialMoments(7, many, [], (f) => f.words);
    expect(moments).toHaveLength(TRIAL_MAX_MOMENTS);
    expect(moments[0]?.at).toBe(new Date(10_000).toISOString());
  });
});
