import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { guarded } from "./guard";
import { tokenIdInput } from "./inputs";

/**
 * Every signal a vehicle has, guarded: the Overview's signal groups and its attention list read it, on the server
 * for the page's first answer and through the signals route afterwards.
 */
export const getVehicleSignals = guarded(tokenIdInput, async function getVehicleSignals({ tokenId }) {
  return getDimoClient().getVehicleSignals(tokenId);
});
