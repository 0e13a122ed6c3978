import "server-only";
import { type z } from "zod";
import { DimoError, isDimoError } from "./errors";
import { type HttpSettings, dimoFetch } from "./http";
import { parseResponse } from "./parse";
import {
  instantOfferResponseSchema,
  offersResponseSchema,
  type valuationSetSchema,
  valuationsResponseSchema,
} from "./schemas/valuations";
import { OFFER_LIFETIME_MS } from "@/lib/protocol";
import { type InstantOfferResult, type OfferSet, type Valuation } from "@/lib/models";

/** The valuations service: the latest valuation, instant offers and the request for new ones. */

type ValuationSet = z.output<typeof valuationSetSchema>;


export interface ValuationsTarget {
  http: HttpSettings;
  baseUrl: string;
  version: "v1" | "v2";
  token: string;
  tokenId: number;
}

function request(target: ValuationsTarget, method: "GET" | "POST", leaf: string) {
  return {
    service: "valuations",
    method,
    baseUrl: target.baseUrl,
    path: `/${target.version}/vehicles/${target.tokenId}/${leaf}`,
    bearer: target.token,
    tokenKind: "vehicle",
    tokenId: target.tokenId,
  } as const;
}

/** The latest valuation, or null when the service has none. */
export async function fetchValuation(target: ValuationsTarget): Promise<Valuation | null> {
  const response = await dimoFetch(target.http, { ...request(target, "GET", "valuations"), retry: "idempotent" });
  const body = parseResponse(valuationsResponseSchema, response.body, "valuations", "valuation");
  // The contract sends at most one set; should a service send several, the most recent one counts.
  let latest: ValuationSet | undefined;
  for (const set of body.valuationSets ?? []) {
    if (latest === undefined || (set.updated ?? "") > (latest.updated ?? "")) latest = set;
  }
  if (latest === undefined) return null;
  return {
    vendor: latest.vendor ?? null,
    updated: latest.updated ?? null,
    mileage: latest.mileage ?? null,
    zipCode: latest.zipCode ?? null,
    tradeIn: latest.tradeIn ?? null,
    tradeInAverage: latest.tradeInAverage ?? null,
    tradeInSource: latest.tradeInSource ?? null,
    retail: latest.retail ?? null,
    retailAverage: latest.retailAverage ?? null,
    retailSource: latest.retailSource ?? null,
    odometer: latest.odometer ?? null,
    odometerUnit: latest.odometerUnit ?? null,
    odometerMeasurementType: latest.odometerMeasurementType ?? null,
    userDisplayPrice: latest.userDisplayPrice ?? null,
    currency: latest.currency ?? null,
  };
}

/** Unexpired offer sets. The expiry comes from the service or, when it sends none, is `updated` + 7 days. */
export async function fetchOffers(target: ValuationsTarget, nowMs: number): Promise<OfferSet[]> {
  const response = await dimoFetch(target.http, { ...request(target, "GET", "offers"), retry: "idempotent" });
  const body = parseResponse(offersResponseSchema, response.body, "valuations", "offer list");
  const sets: OfferSet[] = [];
  for (const set of body.offerSets ?? []) {
    const updatedMs = Date.parse(set.updated);
    const expiresMs = set.expiresAt ? Date.parse(set.expiresAt) : updatedMs + OFFER_LIFETIME_MS;
    // The real service keeps expired sets (with blanked links); they are of no use to anyone.
    if (Number.isNaN(expiresMs) || expiresMs <= nowMs) continue;
    sets.push({
      source: set.source ?? null,
      updated: set.updated,
      expiresAt: new Date(expiresMs).toISOString(),
      mileage: set.mileage ?? null,
      odometerMeasurementType: set.odometerMeasurementType ?? null,
      offers: (set.offers ?? []).map((offer) => ({
        vendor: offer.vendor,
        price: offer.price ?? null,
        url: offer.url ? offer.url : null,
        grade: offer.grade ?? null,
        error: offer.error ?? null,
        declineReason: offer.declineReason ?? null,
      })),
    });
  }
  return sets;
}

/**
 * Asks the buyers for new offers. Sent at most once: the service may act on a request whose answer got lost, and
 * the real one refuses a second request within 30 days.
 */
export async function postInstantOffer(target: ValuationsTarget, timeoutMs: number): Promise<InstantOfferResult> {
  try {
    const response = await dimoFetch(target.http, {
      ...request(target, "POST", "instant-offer"),
      retry: "at-most-once",
      timeoutMs,
    });
    // The request was carried out whatever the answer looks like, so an odd body is not an error.
    const parsed = instantOfferResponseSchema.safeParse(response.body);
    return { message: (parsed.success ? parsed.data.message : undefined) ?? "Instant offers requested." };
  } catch (error) {
    if (isDimoError(error) && error.status === 400 && /already requested/i.test(error.upstreamMessage ?? "")) {
      throw new DimoError({
        service: "valuations",
        status: 400,
        code: "OFFER_ALREADY_REQUESTED",
        message:
          "Offers for this vehicle were already requested in the last 30 days, and DIMO allows one request a month. The current offers are still shown.",
        retryable: false,
        upstreamMessage: error.upstreamMessage,
      });
    }
    throw error;
  }
}
