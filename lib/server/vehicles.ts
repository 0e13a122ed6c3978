import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDimoClient } from "@/lib/dimo";
import type { Vehicle } from "@/lib/models";
import { guarded } from "./guard";
import { noInput, tokenIdInput } from "./inputs";
import { dataForPage } from "./page-data";

/** The vehicles shared with the license, guarded; the pages read them through here. */

/** Every vehicle with a live grant for the license (the identity API also lists the ones the license owns). */
export const listSharedVehicles = guarded(noInput, async function listSharedVehicles(): Promise<Vehicle[]> {
  return (await getDimoClient().listAllVehicles()).filter((vehicle) => vehicle.grant !== null);
});

/** One vehicle with the license's grant on it; null when it is unknown or not shared. */
export const getSharedVehicle = guarded(tokenIdInput, async function getSharedVehicle({ tokenId }) {
  return getDimoClient().getVehicle(tokenId);
});

/**
 * The vehicle a page is about, from the route's raw `tokenId`, or the not-found page when the id is malformed,
 * unknown or not shared with the license. Cached per request, so the layout and the page share one lookup.
 */
export const loadSharedVehicle = cache(async (rawTokenId: string): Promise<Vehicle> => {
  const vehicle = dataForPage(await getSharedVehicle({ tokenId: rawTokenId }));
  if (vehicle === null) notFound();
  return vehicle;
});
