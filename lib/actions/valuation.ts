"use server";
import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { defineAction } from "./guard";
import { type TokenIdInput, tokenIdInput } from "./inputs";

const getValuation = defineAction(tokenIdInput, async function getValuationAction({ tokenId }) {
  return getDimoClient().getValuation(tokenId);
});

const listOffers = defineAction(tokenIdInput, async function listOffersAction({ tokenId }) {
  return getDimoClient().listOffers(tokenId);
});

const requestInstantOffer = defineAction(tokenIdInput, async function requestInstantOfferAction({ tokenId }) {
  return getDimoClient().requestInstantOffer(tokenId);
});

/** The vehicle's latest valuation; `data: null` when DIMO has none. */
export async function getValuationAction(input: TokenIdInput) {
  return getValuation(input);
}

/** The vehicle's unexpired instant offers. */
export async function listOffersAction(input: TokenIdInput) {
  return listOffers(input);
}

/** Asks the buyers for fresh offers; a second click while one request is running shares it. */
export async function requestInstantOfferAction(input: TokenIdInput) {
  return requestInstantOffer(input);
}
