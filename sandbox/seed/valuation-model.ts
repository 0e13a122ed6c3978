import { createPrng } from "./prng";
import { DAY_MS, isoSeconds } from "./times";
import { type SeedVehicle } from "./vehicles";

/**
 * Valuations and instant offers derived from make, model, year and mileage with a plain depreciation formula:
 * the price new, minus a first-year drop, minus a share per year of age and an amount per mile, never below a floor.
 */

export type OdometerMeasurementType = "Real" | "Estimated" | "Market";

export interface ValuationSet {
  vendor: string;
  updated: string;
  mileage: number;
  zipCode?: string;
  tradeInSource: string;
  tradeIn: number;
  tradeInAverage: number;
  retailSource: string;
  retail: number;
  retailAverage: number;
  odometerUnit: "miles";
  odometer: number;
  odometerMeasurementType: OdometerMeasurementType;
  userDisplayPrice: number;
  currency: "USD";
}

export interface Offer {
  vendor: string;
  price?: number;
  url?: string;
  grade?: string;
  error?: string;
  declineReason?: string;
}

export interface OfferSet {
  source: "drivly";
  updated: string;
  expiresAt: string;
  mileage: number;
  odometerMeasurementType: OdometerMeasurementType;
  offers: Offer[];
}

const FIRST_YEAR_DROP = 0.1;
const DROP_PER_YEAR = 0.085;
const DROP_PER_MILE_USD = 0.09;
const FLOOR_SHARE = 0.12;
const TRADE_IN_SHARE = 0.85;
const MARKET_MILES_PER_YEAR = 12_000;
export const OFFER_SET_LIFETIME_MS = 7 * DAY_MS;

/** Years since the model year went on sale (the autumn before the model year). */
function ageInYears(year: number, atMs: number): number {
  return Math.max(0, (atMs - Date.UTC(year - 1, 9, 1)) / (365.25 * DAY_MS));
}

function retailPrice(msrp: number, ageYears: number, miles: number): number {
  const depreciated = msrp * (1 - FIRST_YEAR_DROP - DROP_PER_YEAR * ageYears) - miles * DROP_PER_MILE_USD;
  return Math.round(Math.max(msrp * FLOOR_SHARE, depreciated));
}

/**
 * The valuation of a vehicle at `atMs`. `drivenMiles` is the total of its trips; a vehicle without trips is valued
 * at the market's average mileage for its age, and says so (`Market`).
 */
export function valuationFor(vehicle: SeedVehicle, drivenMiles: number | null, atMs: number, zipCode?: string): ValuationSet {
  const age = ageInYears(vehicle.year, atMs);
  const marketMiles = Math.round(MARKET_MILES_PER_YEAR * age);
  const mileage = drivenMiles === null ? marketMiles : Math.round(drivenMiles);
  const retail = retailPrice(vehicle.msrpUsd, age, mileage);
  const tradeIn = Math.round(retail * TRADE_IN_SHARE);
  const retailAverage = retailPrice(vehicle.msrpUsd, age, marketMiles);
  const set: ValuationSet = {
    vendor: "drivly",
    updated: isoSeconds(atMs),
    mileage,
    tradeInSource: "drivly",
    tradeIn,
    tradeInAverage: Math.round(retailAverage * TRADE_IN_SHARE),
    retailSource: "drivly",
    retail,
    retailAverage,
    odometerUnit: "miles",
    odometer: mileage,
    odometerMeasurementType: drivenMiles === null ? "Market" : "Real",
    userDisplayPrice: Math.floor((retail + tradeIn) / 2),
    currency: "USD",
  };
  if (zipCode) set.zipCode = zipCode;
  return set;
}

type Outcome = "price" | "decline" | "error";
const VENDORS = ["carvana", "carmax", "vroom"] as const;
// Every mix holds at least one price, so each vehicle shows a usable offer next to a refusal or a failure.
const MIXES: Outcome[][] = [
  ["price", "decline", "error"],
  ["price", "price", "decline"],
  ["decline", "price", "error"],
  ["error", "price", "price"],
  ["price", "error", "decline"],
];
const OFFER_URLS: Record<(typeof VENDORS)[number], string> = {
  carvana: "https://www.carvana.com/sell-my-car/getoffer/result?offerId=",
  carmax: "https://www.carmax.com/sell-my-car/offers/",
  vroom: "https://www.vroom.com/sell/offer/",
};
const GRADES = ["Clean", "Average", "Rough"];
const DECLINE_REASONS = [
  "Vehicle does not meet our buying criteria",
  "Mileage is outside the range we purchase",
  "We are unable to make an offer on this vehicle at this time",
];
const ERRORS = ["Vendor timed out while pricing the vehicle", "Vendor could not decode the vehicle's VIN"];

/** The buyers' offers for a vehicle: the same mix and prices on every request for that vehicle. */
export function offerSetFor(tokenId: number, valuation: ValuationSet, nowMs: number): OfferSet {
  const rng = createPrng(`offers:${tokenId}`);
  const mix = rng.pick(MIXES);
  const offers = VENDORS.map((vendor, i): Offer => {
    const outcome = mix[i];
    if (outcome === "decline") return { vendor, declineReason: rng.pick(DECLINE_REASONS) };
    if (outcome === "error") return { vendor, error: rng.pick(ERRORS) };
    const price = Math.max(500, Math.round((valuation.tradeIn * rng.between(0.93, 1.06)) / 25) * 25);
    const code = Array.from(rng.bytes(8), (b) => b.toString(16).padStart(2, "0")).join("");
    return { vendor, price, url: `${OFFER_URLS[vendor]}${code}`, grade: rng.pick(GRADES) };
  });
  return {
    source: "drivly",
    updated: isoSeconds(nowMs),
    expiresAt: isoSeconds(nowMs + OFFER_SET_LIFETIME_MS),
    mileage: valuation.mileage,
    odometerMeasurementType: valuation.odometerMeasurementType,
    offers,
  };
}
