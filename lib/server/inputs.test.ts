import { describe, expect, it } from "vitest";
import { tripsDayInput } from "./inputs";

describe("tripsDayInput", () => {
  const takes = (from: string, to: string) => tripsDayInput.safeParse({ tokenId: 1, from, to }).success;

  it("takes a day of more than nothing and at most 25 hours, and refuses one a millisecond past either", () => {
    const from = "2026-03-29T00:00:00.000+01:00";
    expect(takes(from, "2026-03-29T00:00:00.001+01:00")).toBe(true);
    expect(takes(from, from)).toBe(false);
    expect(takes(from, "2026-03-30T01:00:00.000+01:00")).toBe(true);
    expect(takes(from, "2026-03-30T01:00:00.001+01:00")).toBe(false);
  });
});
