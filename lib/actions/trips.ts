"use server";
import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { defineAction } from "./guard";
import { type TripsInput, tripsInput } from "./inputs";

const listTrips = defineAction(tripsInput, async function listTripsAction({ tokenId, page }) {
  return getDimoClient().listTrips(tokenId, page);
});

/** One page (100 trips, newest first) of a vehicle's trips. */
export async function listTripsAction(input: TripsInput) {
  return listTrips(input);
}
