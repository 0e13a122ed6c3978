import { describe, expect, it } from "vitest";
import { createAttestationInput } from "./attestation";

describe("createAttestationInput", () => {
  const takes = (startTime: string, endTime: string) =>
    createAttestationInput.safeParse({ tokenId: 1, request: { kind: "health", startTime, endTime } }).success;

  it("takes a health range from nothing up to 30 days, and refuses one a millisecond past either end", () => {
    const start = "2026-01-01T00:00:00.000Z";
    expect(takes(start, start)).toBe(true);
    expect(takes(start, "2025-12-31T23:59:59.999Z")).toBe(false);
    expect(takes(start, "2026-01-31T00:00:00.000Z")).toBe(true);
    expect(takes(start, "2026-01-31T00:00:00.001Z")).toBe(false);
  });
});
