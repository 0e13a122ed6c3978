/**
 * The grants the sandbox seeds: every vehicle shared with a license holds one grant of 50,000 credits (what the real
 * tracker buys when a balance runs out), minted some days ago; one vehicle of the demo license, the one with the most
 * trips, holds a small grant that runs low, so a warning has something to show.
 */
import { DEMO_LICENSE } from "@/lib/demo-license";
import { VEHICLE_IDS } from "../../seed/vehicles";

/** What the real tracker buys by itself when a deduction finds no credits. */
export const SEED_CREDITS = 50_000;

/** The small grant of the vehicle that runs low. */
export const LOW_BALANCE_CREDITS = 20;

export interface SeededGrant {
  license: string;
  tokenId: number;
  amount: number;
  ageDays: number;
}

/** The vehicle whose balance runs low, and its license. */
const LOW_BALANCE_VEHICLE = { tokenId: VEHICLE_IDS.manyTrips, license: DEMO_LICENSE.clientId.toLowerCase() };

/** One grant per seeded (vehicle, license) share. */
export function seededGrantPlan(rows: readonly { token_id: number; grantee: string }[]): SeededGrant[] {
  return rows.map((row) => {
    const low = row.token_id === LOW_BALANCE_VEHICLE.tokenId && row.grantee === LOW_BALANCE_VEHICLE.license;
    return {
      license: row.grantee,
      tokenId: row.token_id,
      amount: low ? LOW_BALANCE_CREDITS : SEED_CREDITS,
      // Spread over the last three weeks, so that grants purchased fall in a month's range.
      ageDays: 1 + ((row.token_id * 7) % 21),
    };
  });
}
