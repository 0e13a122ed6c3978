import "server-only";
import { getDimoClient } from "@/lib/dimo";
import type { OffersView } from "@/lib/models";
import { guarded } from "./guard";
import { tokenIdInput } from "./inputs";
import { offerRequestOf } from "./instant-offers";

/**
 * A vehicle's valuation and offers, guarded: the value page's server sections and the valuation and offers routes
 * read through these. The grant is checked by the client before any token is asked for, so a missing privilege costs
 * no upstream call. The request of fresh offers is a change, and so an action (lib/actions/valuation.ts).
 */

/** The vehicle's latest valuation; null when DIMO has none. */
export const getValuation = guarded(tokenIdInput, async function getValuation({ tokenId }) {
  return getDimoClient().getValuation(tokenId);
});

/** The vehicle's offer sets, newest first (an expired one included when DIMO still returns it), and its request. */
export const listOffers = guarded(tokenIdInput, async function listOffers({ tokenId }): Promise<OffersView> {
  // The request's state first: once it reads as ended, the offers read after it are the ones it brought, so the
  // page's polling cannot stop on the sets from before.
  const request = await offerRequestOf(tokenId);
  return { sets: await getDimoClient().listOffers(tokenId), request };
});

/** The vehicle's instant-offer request in progress or just ended, for a grant that may request but not read offers. */
export const getOfferRequest = guarded(tokenIdInput, async function getOfferRequest({ tokenId }) {
  return offerRequestOf(tokenId);
});
