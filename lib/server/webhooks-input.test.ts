import { describe, expect, it } from "vitest";
import { createWebhookInput, statusInput, updateWebhookInput, vehiclesInput } from "./webhooks";

/** The webhook actions' input rules, each at its edge and one past it. */

const WEBHOOK = {
  service: "signals",
  metricName: "vss.speed",
  condition: "valueNumber > 55",
  displayName: "Fast",
  coolDownPeriod: 0,
  targetUrl: "https://example.com/hook",
  verificationToken: "token",
};
const creates = (overrides: Record<string, unknown>) =>
  createWebhookInput.safeParse({ ...WEBHOOK, ...overrides }).success;

describe("a webhook's input", () => {
  it("takes a cooldown from 0 seconds to a year, and refuses one past either end", () => {
    expect(creates({ coolDownPeriod: 0 })).toBe(true);
    expect(creates({ coolDownPeriod: 31_536_000 })).toBe(true);
    expect(creates({ coolDownPeriod: -1 })).toBe(false);
    expect(creates({ coolDownPeriod: 31_536_001 })).toBe(false);
    expect(updateWebhookInput.safeParse({ id: "w", ...WEBHOOK, coolDownPeriod: 31_536_001 }).success).toBe(false);
  });

  it("takes each text from 1 character to its limit, and refuses an empty one and one past it", () => {
    const limits: [string, number][] = [
      ["metricName", 200],
      ["condition", 2_000],
      ["displayName", 100],
      ["verificationToken", 200],
    ];
    for (const [field, limit] of limits) {
      expect(creates({ [field]: "x".repeat(limit) }), `${field} at ${limit}`).toBe(true);
      expect(creates({ [field]: "x".repeat(limit + 1) }), `${field} at ${limit + 1}`).toBe(false);
      expect(creates({ [field]: " " }), `${field} blank`).toBe(false);
    }
    expect(creates({ description: "x".repeat(500) })).toBe(true);
    expect(creates({ description: "x".repeat(501) })).toBe(false);
    const url = (length: number) => `https://example.com/${"x".repeat(length - "https://example.com/".length)}`;
    expect(creates({ targetUrl: url(2_000) })).toBe(true);
    expect(creates({ targetUrl: url(2_001) })).toBe(false);
  });

  it("takes a webhook id of 1 to 100 characters", () => {
    expect(statusInput.safeParse({ id: "x", status: "enabled" }).success).toBe(true);
    expect(statusInput.safeParse({ id: "x".repeat(100), status: "enabled" }).success).toBe(true);
    expect(statusInput.safeParse({ id: "x".repeat(101), status: "enabled" }).success).toBe(false);
    expect(statusInput.safeParse({ id: " ", status: "enabled" }).success).toBe(false);
  });

  it("subscribes 1 to 1,000 vehicles at once", () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(vehiclesInput.safeParse({ id: "w", tokenIds: ids(1) }).success).toBe(true);
    expect(vehiclesInput.safeParse({ id: "w", tokenIds: ids(1_000) }).success).toBe(true);
    expect(vehiclesInput.safeParse({ id: "w", tokenIds: [] }).success).toBe(false);
    expect(vehiclesInput.safeParse({ id: "w", tokenIds: ids(1_001) }).success).toBe(false);
  });
});
