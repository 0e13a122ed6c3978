import { OFFER_LIFETIME_MS } from "@/lib/protocol";
import { createPrng } from "./prng";
import { DAY_MS, isoSeconds } from "./times";
import { type SeedVehicle } from "./vehicles";

/**
 * Valuations and instant offers derived from make, model, year and mileage with a plain depreciation formula:
 * the price new, less a first-year drop, compounding a yearly drop, adjusted for miles above or below the market's
 * average for the vehicle's age, never below a floor.
 */

type OdometerMeasurementType = "Real" | "Estimated" | "Market";

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

const FIRST_YEAR_DROP = 0.12;
const DROP_PER_YEAR = 0.08;
/** Dollars per mile above (or below) the market's average mileage for the vehicle's age. */
const MILEAGE_ADJUSTMENT_USD = 0.06;
const FLOOR_SHARE = 0.12;
const TRADE_IN_SHARE = 0.85;
const MARKET_MILES_PER_YEAR = 12_000;

/** Years since the model year went on sale (the autumn before the model year). */
function ageInYears(year: number, atMs: number): number {
  return Math.max(0, (atMs - Date.UTC(year - 1, 9, 1)) / (365.25 * DAY_MS));
}

/** The market's average mileage for a vehicle of model year `year` at `atMs`. */
export function marketMilesAt(year: number, atMs: number): number {
  return MARKET_MILES_PER_YEAR * ageInYears(year, atMs);
}

function retailPrice(msrp: number, ageYears: number, miles: number): number {
  const byAge = msrp * (1 - FIRST_YEAR_DROP) * (1 - DROP_PER_YEAR) ** ageYears;
  const byMiles = (MARKET_MILES_PER_YEAR * ageYears - miles) * MILEAGE_ADJUSTMENT_USD;
  return Math.round(Math.max(msrp * FLOOR_SHARE, byAge + byMiles));
}

/** What the sandbox knows of a vehicle's driving: the miles of its recorded trips, since the first one started. */
export interface DrivingRecord {
  miles: number;
  sinceMs: number;
}

/**
 * The valuation of a vehicle at `atMs`. The odometer is the market's average mileage for the vehicle's age when its
 * recorded trips began, plus the miles of those trips (`Real`); a vehicle without trips is valued at the market's
 * average mileage for its age, and says so (`Market`).
 */
export function valuationFor(
  vehicle: SeedVehicle,
  driving: DrivingRecord | null,
  atMs: number,
  zipCode?: string,
): ValuationSet {
  const age = ageInYears(vehicle.year, atMs);
  const marketMiles = Math.round(MARKET_MILES_PER_YEAR * age);
  const mileage =
    driving === null ? marketMiles : Math.round(marketMilesAt(vehicle.year, driving.sinceMs) + driving.miles);
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
    odometerMeasurementType: driving === null ? "Market" : "Real",
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
    expiresAt: isoSeconds(nowMs + OFFER_LIFETIME_MS),
    mileage: valuation.mileage,
    odometerMeasurementType: valuation.odometerMeasurementType,
    offers,
  };
}
