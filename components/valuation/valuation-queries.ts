import { queryOptions } from "@tanstack/react-query";
import { type OfferRequest, type OffersView, type Valuation } from "@/lib/models";
import { fetchJson } from "@/lib/result";

/**
 * React-query keys and reads of a vehicle's valuation and offers, through the dashboard's valuation and offers routes
 * (app/api/vehicles/[tokenId]/{valuation,offers,offers/request}). A failure throws an AppFailure in the route's words.
 */
export const valuationKeys = {
  valuation: (tokenId: number) => ["valuation", tokenId, "valuation"] as const,
  offers: (tokenId: number) => ["valuation", tokenId, "offers"] as const,
  /** The vehicle's instant-offer request as the server follows it, when the offers themselves cannot be read. */
  offerRequest: (tokenId: number) => ["valuation", tokenId, "offer-request"] as const,
  /** The mutation key of an instant-offer request, so every button for the vehicle sees it running. */
  instantOffer: (tokenId: number) => ["valuation", tokenId, "instant-offer"] as const,
};

/** How often the page asks how a running request is going (and, when it may, for the offers). */
const POLL_MS = 3_000;

/** Whether the request is still running on the server (and so is worth asking about again). */
export const isRunning = (request: OfferRequest | null | undefined) => request?.status === "running";

export function valuationQuery(tokenId: number) {
  return queryOptions({
    queryKey: valuationKeys.valuation(tokenId),
    queryFn: ({ signal }) =>
      fetchJson<Valuation | null>(`/api/vehicles/${tokenId}/valuation`, { signal, cache: "no-store" }),
  });
}

/** The offer sets with the request's state; polled while the request runs, and no longer once it has ended. */
export function offersQuery(tokenId: number) {
  return queryOptions({
    queryKey: valuationKeys.offers(tokenId),
    queryFn: ({ signal }) => fetchJson<OffersView>(`/api/vehicles/${tokenId}/offers`, { signal, cache: "no-store" }),
    refetchInterval: (query) => (isRunning(query.state.data?.request) ? POLL_MS : false),
  });
}

/** The request's state alone, for a grant that may request offers but not read them; polled the same way. */
export function offerRequestQuery(tokenId: number) {
  return queryOptions({
    queryKey: valuationKeys.offerRequest(tokenId),
    queryFn: ({ signal }) =>
      fetchJson<OfferRequest | null>(`/api/vehicles/${tokenId}/offers/request`, { signal, cache: "no-store" }),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });
}
