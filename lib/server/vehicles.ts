import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDimoClient } from "@/lib/dimo";
import type { Vehicle, VehicleAccess } from "@/lib/models";
import { type AppError } from "@/lib/result";
import { type EndedGrant, endedGrant } from "@/lib/share-links";
import { guarded } from "./guard";
import { noInput, tokenIdInput } from "./inputs";
import { pageResult } from "./page-data";
import { readShareRecords } from "./share-links-history";

/** The vehicles shared with the license, guarded; the pages read them through here. */

/**
 * Every vehicle with a live grant for the license (the identity API also lists the ones the license owns), walked
 * through the identity API at once; the vehicle list reads the roster the server keeps instead (./vehicle-list.ts).
 */
export const listSharedVehicles = guarded(noInput, async function listSharedVehicles(): Promise<Vehicle[]> {
  return sharedVehicles();
});

async function sharedVehicles(): Promise<Vehicle[]> {
  return (await getDimoClient().listAllVehicles()).filter((vehicle) => vehicle.grant !== null);
}

/** Whether the license may read one vehicle: shared, its grant ended (and when), or neither. */
export const getVehicleAccess = guarded(
  tokenIdInput,
  async function getVehicleAccess({ tokenId }): Promise<VehicleAccess> {
    return getDimoClient().getVehicleAccess(tokenId);
  },
);

/**
 * A vehicle's pages: its data, an ended grant the layout explains (`expired` when the identity API still names it,
 * `ended` when only the dashboard's share records know the vehicle), or a DIMO failure the layout shows.
 */
export type VehicleForPage =
  | Exclude<VehicleAccess, { status: "none" }>
  | { status: "ended"; grant: EndedGrant }
  | { status: "failed"; error: AppError };

/**
 * The vehicle a page is about, from the route's raw `tokenId`. The not-found page when the id is malformed, unknown
 * or never shared with the license; the sign-in page without a session. Cached per request, so the layout and the
 * page share one lookup.
 */
export const loadVehicleForPage = cache(async (rawTokenId: string): Promise<VehicleForPage> => {
  const result = pageResult(await getVehicleAccess({ tokenId: rawTokenId }));
  if (!result.ok) return { status: "failed", error: result.error };
  if (result.data.status !== "none") return result.data;
  // A vehicle the identity API no longer names, but that the dashboard saw come or go through a link.
  const record = (await readShareRecords()).get(Number(rawTokenId.trim()));
  if (!record) notFound();
  return { status: "ended", grant: endedGrant(record, Date.now()) };
});

/**
 * The vehicle a tab shows; null when there is none to show and the vehicle's layout says why instead (its grant
 * ended, or DIMO could not be asked). A tab then renders nothing: throwing would replace the layout's explanation.
 */
export async function loadSharedVehicle(rawTokenId: string): Promise<Vehicle | null> {
  const lookup = await loadVehicleForPage(rawTokenId);
  return lookup.status === "shared" ? lookup.vehicle : null;
}
