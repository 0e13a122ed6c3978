import { describe, expect, it } from "vitest";
import { shareOf } from "./busiest-places";

describe("shareOf", () => {
  it("says a place's part of the trips in whole percent, a sliver as under one, and nothing of no trips", () => {
    expect(shareOf(250, 1_000)).toBe("25%");
    expect(shareOf(1, 3)).toBe("33%");
    expect(shareOf(1_000, 1_000)).toBe("100%");
    expect(shareOf(1, 2_500)).toBe("<1%");
    expect(shareOf(0, 0)).toBe("");
  });
});
