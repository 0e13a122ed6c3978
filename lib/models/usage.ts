import { type ActivityEntry } from "./activity";

type ActivityService = ActivityEntry["service"];

/**
 * What the Usage page and the developer page show of DIMO credits. The per-day and per-vehicle figures are the
 * dashboard's own record of its calls (each charged call as DIMO's credit tracker charges it); the totals and the
 * balances are the tracker's.
 */

/** One UTC day of the dashboard's record. */
export interface UsageDay {
  /** YYYY-MM-DD, UTC: the days DIMO's tracker reports by. */
  day: string;
  credits: number;
  byService: Partial<Record<ActivityService, number>>;
}

/** The tracker's figures for one vehicle: used over the range, grants bought, and its balance now. */
interface TrackerVehicle {
  creditsUsed: number;
  grantsPurchased: number;
  remaining: number;
}

export interface VehicleUsage {
  tokenId: number;
  /** Credits over the range by the dashboard's record. */
  credits: number;
  /** Credits a day at the current rate, by the dashboard's record. */
  ratePerDay: number;
  tracker: TrackerVehicle | null;
  /** Days the balance lasts at the current rate; null without a rate or a balance. */
  daysLeft: number | null;
  /** True when the balance will not last a month at the current rate. */
  runsShort: boolean;
}

interface TrackerTotals {
  creditsUsed: number;
  vehicles: number;
  grantsPurchased: number;
}

export interface UsageView {
  from: string;
  to: string;
  days: UsageDay[];
  byService: { service: ActivityService; credits: number }[];
  /** The top vehicles of the range, and the searched one. */
  vehicles: VehicleUsage[];
  /** How many vehicles the record has over the range. */
  vehicleCount: number;
  recordedTotal: number;
  /** The tracker's totals over the same range; null when it could not be read (trackerError says why). */
  tracker: TrackerTotals | null;
  trackerError: string | null;
  month: {
    /** The tracker's credits used since the first of the month (UTC); null when unread. */
    usedSoFar: number | null;
    ratePerDay: number;
    daysLeft: number;
    projected: number | null;
  };
}

export interface CreditsToday {
  recorded: number;
  tracker: number | null;
}
