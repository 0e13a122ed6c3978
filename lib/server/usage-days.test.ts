import { describe, expect, it } from "vitest";
import { type CreditSpend } from "@/lib/dimo/credits-log";
import { creditsByDay, creditsByVehicle, dailyRate, refresherCreditsPerDay } from "./usage-days";

const spend = (at: string, tokenId: number, service: CreditSpend["service"] = "telemetry"): CreditSpend => ({
  at,
  service,
  tokenId,
  credits: 1,
});

describe("usage by day", () => {
  const spends = [
    spend("2026-11-27T23:59:59.000Z", 1),
    spend("2026-11-28T00:00:00.000Z", 1),
    spend("2026-11-28T10:00:00.000Z", 2),
    spend("2026-11-28T11:00:00.000Z", 2),
  ];

  it("adds up UTC days, every day of the range present, by service", () => {
    const days = creditsByDay(spends, Date.parse("2026-11-26T00:00:00Z"), Date.parse("2026-11-28T12:00:00Z"));
    expect(days).toEqual([
      { day: "2026-11-26", credits: 0, byService: {} },
      { day: "2026-11-27", credits: 1, byService: { telemetry: 1 } },
      { day: "2026-11-28", credits: 3, byService: { telemetry: 3 } },
    ]);
    expect([...creditsByVehicle(spends)]).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it("rates a day by the days since the first call, at least one", () => {
    expect(dailyRate(spends, Date.parse("2026-11-28T12:00:00Z"))).toBe(4);
    expect(dailyRate(spends, Date.parse("2026-12-01T23:59:59Z"))).toBeCloseTo(1, 0);
    expect(dailyRate([], Date.now())).toBe(0);
  });

  it("puts the fleet refresher at 96 reads a vehicle a day, within the telemetry limit", () => {
    expect(refresherCreditsPerDay(10)).toBe(960);
    expect(refresherCreditsPerDay(100_000)).toBe(9 * 86_400);
  });
});
