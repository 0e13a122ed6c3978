import "server-only";
import { type CreditSpend } from "@/lib/dimo/credits-log";
import { type UsageDay } from "@/lib/models/usage";
import { DIMO_RATE_LIMITS } from "@/lib/protocol";
import { REFRESH_AFTER_MS } from "./fleet/schedule";

type ActivityService = CreditSpend["service"];

/** The dashboard's record of charged calls, added up by UTC day, service and vehicle. */

export const DAY_MS = 86_400_000;
/** A month, for "will the balance last": a grant lasts one. */
export const MONTH_DAYS = 30;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const startOfUtcDay = (ms: number) => Date.parse(`${utcDay(ms)}T00:00:00.000Z`);

/** The charged calls between two times, inclusive. */
export function spendBetween(spends: readonly CreditSpend[], fromMs: number, toMs: number): CreditSpend[] {
  return spends.filter((spend) => {
    const at = Date.parse(spend.at);
    return at >= fromMs && at <= toMs;
  });
}

/** Every day from `fromMs` to `toMs`, each with its credits by service; days without a call are zeros. */
export function creditsByDay(spends: readonly CreditSpend[], fromMs: number, toMs: number): UsageDay[] {
  const days = new Map<string, UsageDay>();
  for (let ms = startOfUtcDay(fromMs); ms <= toMs; ms += DAY_MS) {
    days.set(utcDay(ms), { day: utcDay(ms), credits: 0, byService: {} });
  }
  for (const spend of spendBetween(spends, fromMs, toMs)) {
    const day = days.get(utcDay(Date.parse(spend.at)));
    if (!day) continue;
    day.credits += spend.credits;
    day.byService[spend.service] = (day.byService[spend.service] ?? 0) + spend.credits;
  }
  return [...days.values()];
}

export function creditsByService(spends: readonly CreditSpend[]): { service: ActivityService; credits: number }[] {
  const totals = new Map<ActivityService, number>();
  for (const spend of spends) totals.set(spend.service, (totals.get(spend.service) ?? 0) + spend.credits);
  return [...totals].map(([service, credits]) => ({ service, credits })).sort((a, b) => b.credits - a.credits);
}

/** Credits per vehicle, most first. */
export function creditsByVehicle(spends: readonly CreditSpend[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const spend of spends) {
    if (spend.tokenId !== undefined) totals.set(spend.tokenId, (totals.get(spend.tokenId) ?? 0) + spend.credits);
  }
  return new Map([...totals].sort((a, b) => b[1] - a[1]));
}

/**
 * Credits a day: what the calls since the first one of the range cost, over the days since it (at least one), so a
 * dashboard started today is measured by today.
 */
export function dailyRate(spends: readonly CreditSpend[], nowMs: number): number {
  const first = spends[0];
  if (!first) return 0;
  const total = spends.reduce((sum, spend) => sum + spend.credits, 0);
  const days = Math.max(1, (nowMs - Date.parse(first.at)) / DAY_MS);
  return total / days;
}

/** Days the balance lasts at the rate; null without a rate. */
export const daysLasting = (remaining: number, ratePerDay: number): number | null =>
  ratePerDay > 0 ? remaining / ratePerDay : null;

/**
 * The fleet position refresher's credits a day at a fleet size, while someone watches the map: each vehicle read once
 * every REFRESH_AFTER_MS, 1 credit a read, no more than the telemetry limit lets through in a day.
 */
export function refresherCreditsPerDay(vehicles: number): number {
  const readsPerVehicle = DAY_MS / REFRESH_AFTER_MS;
  const limit = (DIMO_RATE_LIMITS.telemetry ?? Infinity) * (DAY_MS / 1000);
  return Math.min(Math.round(vehicles * readsPerVehicle), limit);
}
