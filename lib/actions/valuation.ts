"use server";
import "server-only";
import { getDimoClient } from "@/lib/dimo";
import type { OffersView } from "@/lib/models";
import { guarded } from "@/lib/server/guard";
import { tokenIdInput } from "@/lib/server/inputs";
import { offerRequestOf, startInstantOffer } from "@/lib/server/instant-offers";

/** The value page's actions: the server sections read their first answer through them too (value-sections.tsx). */

/** The vehicle's latest valuation; `data: null` when DIMO has none. */
export const getValuationAction = guarded(tokenIdInput, async function getValuationAction({ tokenId }) {
  return getDimoClient().getValuation(tokenId);
});

/** The vehicle's offer sets, newest first (an expired one included when DIMO still returns it), and its request. */
export const listOffersAction = guarded(tokenIdInput, async function listOffersAction({ tokenId }): Promise<OffersView> {
  return { sets: await getDimoClient().listOffers(tokenId), request: await offerRequestOf(tokenId) };
});

/** The vehicle's instant-offer request in progress or just ended, for a page that may not read the offers. */
export const getOfferRequestAction = guarded(tokenIdInput, async function getOfferRequestAction({ tokenId }) {
  return offerRequestOf(tokenId);
});

/**
 * Asks the buyers for fresh offers. Answers within a couple of seconds: with the outcome when DIMO answered that
 * fast, else with the request running, which the page then follows. A second click while one runs shares it.
 */
export const requestInstantOfferAction = guarded(tokenIdInput, async function requestInstantOfferAction({ tokenId }) {
  return startInstantOffer(tokenId);
});
