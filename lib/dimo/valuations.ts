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
import { OFFER_LIFETIME_DAYS, OFFER_LIFETIME_MS } from "@/lib/protocol";
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

/**
 * The offer sets, newest first, each marked expired or not. The expiry comes from the service or, when it sends none
 * (the real one), is `updated` + 7 days; an expired set's links are dropped, as the real service blanks them.
 */
export async function fetchOffers(target: ValuationsTarget, nowMs: number): Promise<OfferSet[]> {
  const response = await dimoFetch(target.http, { ...request(target, "GET", "offers"), retry: "idempotent" });
  const body = parseResponse(offersResponseSchema, response.body, "valuations", "offer list");
  const sets: OfferSet[] = [];
  for (const set of body.offerSets ?? []) {
    const updatedMs = Date.parse(set.updated);
    const expiresMs = set.expiresAt ? Date.parse(set.expiresAt) : updatedMs + OFFER_LIFETIME_MS;
    if (Number.isNaN(expiresMs)) continue;
    const expired = expiresMs <= nowMs;
    sets.push({
      source: set.source ?? null,
      updated: set.updated,
      expiresAt: new Date(expiresMs).toISOString(),
      expired,
      mileage: set.mileage ?? null,
      odometerMeasurementType: set.odometerMeasurementType ?? null,
      offers: (set.offers ?? []).map((offer) => ({
        vendor: offer.vendor,
        price: offer.price ?? null,
        url: offer.url && !expired ? offer.url : null,
        grade: offer.grade ?? null,
        error: offer.error ?? null,
        declineReason: offer.declineReason ?? null,
      })),
    });
  }
  return sets.sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated));
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The real service's refusal of a second request within 7 days (its message says 30), in plain words, with the date
 * the next request can be made when the last request's date is known.
 */
export function alreadyRequested(lastRequestedAt: string | undefined, upstreamMessage?: string): DimoError {
  const lastMs = lastRequestedAt === undefined ? Number.NaN : Date.parse(lastRequestedAt);
  const when = Number.isNaN(lastMs)
    ? ""
    : ` The last request was made on ${utc(lastMs)}; the next can be made from ${utc(lastMs + OFFER_LIFETIME_MS)}.`;
  return new DimoError({
    service: "valuations",
    status: 400,
    code: "OFFER_ALREADY_REQUESTED",
    message: `DIMO takes one instant-offer request per vehicle every ${OFFER_LIFETIME_DAYS} days.${when} The offers of the last request are shown below.`,
    retryable: false,
    upstreamMessage,
  });
}

/**
 * Asks the buyers for new offers. Sent at most once: the service may act on a request whose answer got lost, and
 * the real one refuses a second request within 7 days.
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
      throw alreadyRequested(undefined, error.upstreamMessage);
    }
    throw error;
  }
}
