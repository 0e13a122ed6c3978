"use server";
import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { guarded } from "@/lib/server/guard";
import { tokenIdInput } from "@/lib/server/inputs";

/** The value page's actions: the server sections read their first answer through them too (value-sections.tsx). */

/** The vehicle's latest valuation; `data: null` when DIMO has none. */
export const getValuationAction = guarded(tokenIdInput, async function getValuationAction({ tokenId }) {
  return getDimoClient().getValuation(tokenId);
});

/** The vehicle's unexpired instant offers. */
export const listOffersAction = guarded(tokenIdInput, async function listOffersAction({ tokenId }) {
  return getDimoClient().listOffers(tokenId);
});

/** Asks the buyers for fresh offers; a second click while one request is running shares it. */
export const requestInstantOfferAction = guarded(tokenIdInput, async function requestInstantOfferAction({ tokenId }) {
  return getDimoClient().requestInstantOffer(tokenId);
});
