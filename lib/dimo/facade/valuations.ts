import "server-only";
import { type InstantOfferResult, type OfferSet, type Valuation } from "@/lib/models";
import { isDimoError } from "../errors";
import { SingleFlight } from "../single-flight";
import { type ValuationsTarget, alreadyRequested, fetchOffers, fetchValuation, postInstantOffer } from "../valuations";
import { type ClientContext } from "./context";

/** The valuations service's part of the DIMO client: the valuation, the offers, and the request for new ones. */

export interface ValuationMethods {
  getValuation(tokenId: number): Promise<Valuation | null>;
  listOffers(tokenId: number): Promise<OfferSet[]>;
  /** One upstream request per vehicle at a time: concurrent callers share the one in flight. */
  requestInstantOffer(tokenId: number): Promise<InstantOfferResult>;
}

export function valuationMethods(
  context: ClientContext,
  settings: { instantOfferTimeoutMs: number },
): ValuationMethods {
  const { http, config, now, withAccess } = context;
  const offerFlights = new SingleFlight<InstantOfferResult>();

  const target = (tokenId: number, token: string): ValuationsTarget => ({
    http,
    baseUrl: config.urls.valuations,
    version: config.valuationsVersion,
    token,
    tokenId,
  });

  const listOffers = (tokenId: number) =>
    withAccess(tokenId, "offers", (token) => fetchOffers(target(tokenId, token), now()));

  return {
    getValuation: (tokenId) => withAccess(tokenId, "valuation", (token) => fetchValuation(target(tokenId, token))),

    listOffers,

    requestInstantOffer(tokenId) {
      return offerFlights.run(String(tokenId), async () => {
        try {
          return await withAccess(tokenId, "instantOffer", (token) =>
            postInstantOffer(target(tokenId, token), settings.instantOfferTimeoutMs),
          );
        } catch (error) {
          if (!isDimoError(error) || error.code !== "OFFER_ALREADY_REQUESTED") throw error;
          // The refusal names no date; the last request's offers do, when the grant lets the dashboard read them.
          const latest = await listOffers(tokenId).then(
            (sets) => sets[0]?.updated,
            () => undefined,
          );
          throw alreadyRequested(latest, error.upstreamMessage);
        }
      });
    },
  };
}
