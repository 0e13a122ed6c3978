import "server-only";
import { z } from "zod";

/** Valuations and offers, `/v1` or `/v2`: the real service omits empty fields, so nearly everything is optional. */

const num = z.number().nullish();
const str = z.string().nullish();

export const valuationSetSchema = z.object({
  vendor: str,
  updated: str,
  mileage: num,
  zipCode: str,
  tradeInSource: str,
  tradeIn: num,
  tradeInAverage: num,
  retailSource: str,
  retail: num,
  retailAverage: num,
  odometerUnit: str,
  odometer: num,
  odometerMeasurementType: str,
  userDisplayPrice: num,
  currency: str,
});

export const valuationsResponseSchema = z.object({
  valuationSets: z.array(valuationSetSchema).nullish(),
});

const offerSchema = z.object({
  vendor: z.string(),
  price: num,
  url: str,
  grade: str,
  error: str,
  declineReason: str,
});

export const offersResponseSchema = z.object({
  offerSets: z
    .array(
      z.object({
        source: str,
        updated: z.string(),
        expiresAt: str,
        mileage: num,
        odometerMeasurementType: str,
        offers: z.array(offerSchema).nullish(),
      }),
    )
    .nullish(),
});

export const instantOfferResponseSchema = z.object({ message: z.string().optional() }).loose();
