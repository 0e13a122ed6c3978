"use server";
import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { defineAction } from "./guard";
import { type TokenIdInput, type VehiclesInput, tokenIdInput, vehiclesInput } from "./inputs";

// Each export is a plain async function over its guarded action, so the compiler sees a server action it can check.

const listVehicles = defineAction(vehiclesInput, async function listVehiclesAction(input) {
  return getDimoClient().listVehicles(input ?? {});
});

const getVehicle = defineAction(tokenIdInput, async function getVehicleAction({ tokenId }) {
  return getDimoClient().getVehicle(tokenId);
});

/** One page of the vehicles shared with the license (at most 100; `after` is the previous page's endCursor). */
export async function listVehiclesAction(input?: VehiclesInput) {
  return listVehicles(input);
}

/** One vehicle with its grant; `data: null` when it is unknown or not shared with the license. */
export async function getVehicleAction(input: TokenIdInput) {
  return getVehicle(input);
}
