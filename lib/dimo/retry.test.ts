import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, backoffDelayMs, parseRetryAfterMs } from "./retry";

describe("backoffDelayMs", () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000 };

  it("doubles with each attempt, half of it random", () => {
    expect(backoffDelayMs(1, policy, () => 0)).toBe(50);
    expect(backoffDelayMs(1, policy, () => 1)).toBe(100);
    expect(backoffDelayMs(2, policy, () => 0)).toBe(100);
    expect(backoffDelayMs(3, policy, () => 1)).toBe(400);
  });

  it("never exceeds the cap", () => {
    expect(backoffDelayMs(10, policy, () => 1)).toBe(1_000);
    expect(backoffDelayMs(10, policy, () => 0)).toBe(500);
  });
});

describe("parseRetryAfterMs", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");

  it("reads delta seconds", () => {
    expect(parseRetryAfterMs("2", 10_000, now)).toBe(2_000);
    expect(parseRetryAfterMs(" 0 ", 10_000, now)).toBe(0);
  });

  it("reads an HTTP date", () => {
    expect(parseRetryAfterMs("Wed, 01 Jan 2025 00:00:03 GMT", 10_000, now)).toBe(3_000);
    expect(parseRetryAfterMs("Tue, 31 Dec 2024 23:59:00 GMT", 10_000, now)).toBe(0);
  });

  it("caps long waits", () => {
    expect(parseRetryAfterMs("120", 10_000, now)).toBe(10_000);
  });

  it("ignores what it cannot read", () => {
    expect(parseRetryAfterMs(null, 10_000, now)).toBeUndefined();
    expect(parseRetryAfterMs("soon", 10_000, now)).toBeUndefined();
    expect(parseRetryAfterMs("-5", 10_000, now)).toBeUndefined();
  });
});
