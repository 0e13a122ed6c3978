/** React-query keys for a vehicle's valuation and offers: one factory, so refetches and invalidations agree. */
export const valuationKeys = {
  all: ["valuation"] as const,
  vehicle: (tokenId: number) => [...valuationKeys.all, tokenId] as const,
  valuation: (tokenId: number) => [...valuationKeys.vehicle(tokenId), "valuation"] as const,
  offers: (tokenId: number) => [...valuationKeys.vehicle(tokenId), "offers"] as const,
  /** The vehicle's instant-offer request as the server follows it, when the offers themselves cannot be read. */
  offerRequest: (tokenId: number) => [...valuationKeys.vehicle(tokenId), "offer-request"] as const,
  /** The mutation key of an instant-offer request, so every button for the vehicle sees it running. */
  instantOffer: (tokenId: number) => [...valuationKeys.vehicle(tokenId), "instant-offer"] as const,
};
