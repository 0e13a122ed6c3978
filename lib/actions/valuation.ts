"use server";
import "server-only";
import { guarded } from "@/lib/server/guard";
import { tokenIdInput } from "@/lib/server/inputs";
import { startInstantOffer } from "@/lib/server/instant-offers";

/**
 * The value page's one change. Its reads (the valuation, the offers, the request's state) are GET routes over the
 * guarded reads of lib/server/valuation.ts, so that polling them never queues behind this action.
 */

/**
 * Asks the buyers for fresh offers. Answers within a couple of seconds: with the outcome when DIMO answered that
 * fast, else with the request running, which the page then follows. A second click while one runs shares it.
 */
export const requestInstantOfferAction = guarded(
  tokenIdInput,
  async function requestInstantOfferAction({ tokenId }) {
    return startInstantOffer(tokenId);
  },
  {
    change: {
      kind: "offer.request",
      describe: ({ tokenId }) => ({
        target: String(tokenId),
        detail: `Asked for instant offers for vehicle ${tokenId}`,
      }),
    },
  },
);
