import { type AppError } from "@/lib/result";

/** The valuations service: a vehicle's valuation, its instant offers and the dashboard's request for new ones. */

export interface Valuation {
  vendor: string | null;
  updated: string | null;
  mileage: number | null;
  zipCode: string | null;
  tradeIn: number | null;
  tradeInAverage: number | null;
  tradeInSource: string | null;
  retail: number | null;
  retailAverage: number | null;
  retailSource: string | null;
  odometer: number | null;
  odometerUnit: string | null;
  odometerMeasurementType: string | null;
  userDisplayPrice: number | null;
  currency: string | null;
}

export interface Offer {
  vendor: string;
  price: number | null;
  url: string | null;
  grade: string | null;
  error: string | null;
  declineReason: string | null;
}

export interface OfferSet {
  source: string | null;
  updated: string;
  /** When the offers lapse: from the service, or `updated` + 7 days when it sends none. */
  expiresAt: string;
  /**
   * Lapsed when fetched. The real service keeps returning the latest set after it lapses, its links blanked: its
   * prices are still worth showing, as expired.
   */
  expired: boolean;
  mileage: number | null;
  odometerMeasurementType: string | null;
  offers: Offer[];
}

export interface InstantOfferResult {
  message: string;
}

/**
 * An instant-offer request as the dashboard's server follows it. The upstream job takes about a minute; the request
 * lives on the server, so leaving the page does not stop it and coming back finds it.
 */
export interface OfferRequest {
  /** When the dashboard sent it (ISO 8601). */
  startedAt: string;
  status: "running" | "succeeded" | "failed";
  finishedAt: string | null;
  /** Why it failed, in words for people. */
  error: AppError | null;
}

/** The value page's offers: the sets the service returns, newest first, and the request in progress or just ended. */
export interface OffersView {
  sets: OfferSet[];
  request: OfferRequest | null;
}
