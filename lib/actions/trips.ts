"use server";
import "server-only";
import { guarded } from "@/lib/server/guard";
import { tripsDayInput } from "@/lib/server/inputs";
import { findTripsDay } from "@/lib/server/trips";

/** The trips page's jump to a date: the page (and trip) of the day, or that the day is outside the vehicle's trips. */
export const findTripsDayAction = guarded(tripsDayInput, async function findTripsDayAction({ tokenId, from, to }) {
  return (await findTripsDay(tokenId, { from: Date.parse(from), to: Date.parse(to) })).result;
});
