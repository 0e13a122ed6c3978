import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { readCreditSpending } from "@/lib/dimo/activity";
import { type CreditsToday, type UsageView, type VehicleUsage } from "@/lib/models/usage";
import { toFailure } from "./failure";
import { guarded } from "./guard";
import { noInput, positiveWholeNumber } from "./inputs";
import {
  DAY_MS,
  MONTH_DAYS,
  creditsByDay,
  creditsByService,
  creditsByVehicle,
  dailyRate,
  daysLasting,
  spendBetween,
  startOfUtcDay,
  utcDay,
} from "./usage-days";

/**
 * DIMO credits for the Usage page and the developer page: the days, services and vehicles from the dashboard's own
 * record of its charged calls, the totals and balances from DIMO's credit tracker (one report for the range, one for
 * the month so far, one per vehicle shown).
 */

/** How many vehicles the page asks the tracker about: the top ones of the range. */
const TOP_VEHICLES = 8;
const MAX_RANGE_DAYS = 62;
const DEFAULT_RANGE_DAYS = 7;

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "dates are YYYY-MM-DD" });

const usageInput = z
  .object({
    from: dayText.optional(),
    to: dayText.optional(),
    vehicle: positiveWholeNumber("vehicle").optional(),
  })
  .optional();

function rangeOf(input: z.output<typeof usageInput>, nowMs: number): { fromMs: number; toMs: number } {
  const toMs = input?.to ? Math.min(Date.parse(`${input.to}T23:59:59.999Z`), nowMs) : nowMs;
  const earliest = startOfUtcDay(toMs) - (MAX_RANGE_DAYS - 1) * DAY_MS;
  const fromMs = input?.from
    ? Date.parse(`${input.from}T00:00:00.000Z`)
    : startOfUtcDay(nowMs) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS;
  return { fromMs: Math.min(Math.max(fromMs, earliest), toMs), toMs };
}

export const readUsage = guarded(usageInput, async function readUsage(input): Promise<UsageView> {
  const nowMs = Date.now();
  const { fromMs, toMs } = rangeOf(input, nowMs);
  const client = getDimoClient();
  const spends = spendBetween(await readCreditSpending(), fromMs, toMs);
  const perVehicle = creditsByVehicle(spends);
  const shown = [...perVehicle.keys()].slice(0, TOP_VEHICLES);
  if (input?.vehicle !== undefined && !shown.includes(input.vehicle)) shown.push(input.vehicle);

  const range = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  const monthStart = Date.parse(`${utcDay(nowMs).slice(0, 8)}01T00:00:00.000Z`);
  const [totals, month, trackerVehicles] = await Promise.all([
    client.getLicenseCredits(range).then(
      (credits) => ({ credits, error: null }),
      (error: unknown) => ({ credits: null, error: toFailure(error, "credit usage").message }),
    ),
    client.getLicenseCredits({ from: new Date(monthStart).toISOString() }).catch(() => null),
    Promise.all(shown.map((tokenId) => client.getVehicleCredits(tokenId, range).catch(() => null))),
  ]);

  const vehicles: VehicleUsage[] = shown.map((tokenId, index) => {
    const ratePerDay = dailyRate(
      spends.filter((spend) => spend.tokenId === tokenId),
      nowMs,
    );
    const tracker = trackerVehicles[index] ?? null;
    const daysLeft = tracker ? daysLasting(tracker.remaining, ratePerDay) : null;
    return {
      tokenId,
      credits: perVehicle.get(tokenId) ?? 0,
      ratePerDay,
      tracker: tracker && {
        creditsUsed: tracker.creditsUsed,
        grantsPurchased: tracker.grantsPurchased,
        remaining: tracker.remaining,
      },
      daysLeft,
      runsShort: daysLeft !== null && daysLeft < MONTH_DAYS,
    };
  });

  const ratePerDay = dailyRate(spends, nowMs);
  const nextMonth = new Date(monthStart);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const daysLeft = (nextMonth.getTime() - nowMs) / DAY_MS;
  const usedSoFar = month?.creditsUsed ?? null;
  return {
    from: range.from,
    to: range.to,
    days: creditsByDay(spends, fromMs, toMs),
    byService: creditsByService(spends),
    vehicles,
    vehicleCount: perVehicle.size,
    recordedTotal: spends.reduce((sum, spend) => sum + spend.credits, 0),
    tracker: totals.credits && {
      creditsUsed: totals.credits.creditsUsed,
      vehicles: totals.credits.vehicles,
      grantsPurchased: totals.credits.grantsPurchased,
    },
    trackerError: totals.error,
    month: {
      usedSoFar,
      ratePerDay,
      daysLeft,
      projected: usedSoFar === null ? null : Math.round(usedSoFar + ratePerDay * daysLeft),
    },
  };
});

/** Today's credits (UTC): the dashboard's record, and the tracker's figure when it answers. */
export const readCreditsToday = guarded(noInput, async function readCreditsToday(): Promise<CreditsToday> {
  const nowMs = Date.now();
  const fromMs = startOfUtcDay(nowMs);
  const spends = spendBetween(await readCreditSpending(), fromMs, nowMs);
  const tracker = await getDimoClient()
    .getLicenseCredits({ from: new Date(fromMs).toISOString() })
    .then((credits) => credits.creditsUsed)
    .catch(() => null);
  return { recorded: spends.reduce((sum, spend) => sum + spend.credits, 0), tracker };
});
