import { distanceMiles, type LatLon, metersToMiles, offsetPoint, roundPoint } from "./geo";
import { ksuid } from "./ksuid";
import { type Metro, METROS } from "./metros";
import { createPrng, type Prng } from "./prng";
import { planRoute } from "./route";
import { type RoutePlan } from "./route-plan";
import { streetNetwork } from "./streets";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./times";
import { type SeedVehicle } from "./vehicles";

/**
 * Generates a vehicle's trips the way a car is driven: between a handful of regular places in one metro area, one
 * after another, each starting where the car was parked (give or take the GPS fix at ignition), except now and then
 * when the car moved without the device recording it. Times are microseconds since the epoch.
 */
export interface GeneratedTrip {
  id: string;
  /** Chronological position in the vehicle's life, from 0: the route's seed. */
  seq: number;
  startMicros: number;
  endMicros: number;
  /** Absent when the device had no fix; never null. */
  start?: LatLon;
  end?: LatLon;
  /** Where the route starts and ends, whether or not the trips service knows it. */
  routeStart: LatLon;
  routeEnd: LatLon;
  /** Length of the route. */
  roadMiles: number;
  roadMetres: number;
}

/** The route a trip drives: the same on every call, from what the seed stores. */
export function tripRoute(vehicleTokenId: number, metro: Metro, seq: number, start: LatLon, end: LatLon): RoutePlan {
  return planRoute(streetNetwork(metro), start, end, createPrng(`route:${vehicleTokenId}:${seq}`));
}

const PLACE_COUNT = 10;
const MIN_PLACE_SPACING_MILES = 0.6;
const UNRECORDED_MOVE_CHANCE = 0.04;
const MISSING_START_CHANCE = 0.005;
const MISSING_END_CHANCE = 0.005;

/** Regular places (home first) spread over the area, far enough apart that a move between two is visible. */
export function makePlaces(rng: Prng, metro: Metro, radiusMiles: number): LatLon[] {
  const places: LatLon[] = [];
  for (let attempt = 0; places.length < PLACE_COUNT && attempt < 1000; attempt++) {
    const candidate = offsetPoint(metro.center, radiusMiles * Math.sqrt(rng.next()), rng.between(0, 2 * Math.PI));
    if (places.every((p) => distanceMiles(p, candidate) >= MIN_PLACE_SPACING_MILES)) places.push(candidate);
  }
  return places;
}

export function jitter(rng: Prng, point: LatLon, minMeters: number, maxMeters: number): LatLon {
  return offsetPoint(point, metersToMiles(rng.between(minMeters, maxMeters)), rng.between(0, 2 * Math.PI));
}

export function otherPlace(rng: Prng, count: number, current: number): number {
  const choice = rng.int(0, count - 2);
  return choice >= current ? choice + 1 : choice;
}

interface Leg {
  start: LatLon;
  end: LatLon;
  durationMs: number;
  roadMetres: number;
}

function driveLegs(
  rng: Prng,
  places: LatLon[],
  count: number,
  route: (seq: number, start: LatLon, end: LatLon) => RoutePlan,
): Leg[] {
  const home = places[0] as LatLon;
  let here = jitter(rng, home, 0, 40);
  let hereIndex = 0;
  const legs: Leg[] = [];
  for (let i = 0; i < count; i++) {
    let start: LatLon;
    if (i > 0 && rng.chance(UNRECORDED_MOVE_CHANCE)) {
      hereIndex = otherPlace(rng, places.length, hereIndex);
      start = jitter(rng, places[hereIndex] as LatLon, 10, 60);
    } else {
      // The fix at ignition drifts a little from where the last trip ended: well within a quarter mile.
      start = jitter(rng, here, 3, 120);
    }
    const destination = hereIndex !== 0 && rng.chance(0.4) ? 0 : otherPlace(rng, places.length, hereIndex);
    const end = jitter(rng, places[destination] as LatLon, 5, 60);
    const legStart = roundPoint(start);
    const legEnd = roundPoint(end);
    const plan = route(i, legStart, legEnd);
    // Whole microseconds, as the trips service reports times.
    const durationMs = Math.round(plan.durationSeconds * 1e6) / 1000;
    legs.push({ start: legStart, end: legEnd, durationMs, roadMetres: plan.lengthMetres });
    here = end;
    hereIndex = destination;
  }
  return legs;
}

/** Parked time before each trip, scaled so the trips fill the planned span. */
function parkedGaps(rng: Prng, legs: Leg[], spanDays: number): number[] {
  const raw = legs.map((_, i) => (i === 0 ? 0 : rng.exponential() + 0.02));
  const driving = legs.reduce((sum, leg) => sum + leg.durationMs, 0);
  const rawTotal = raw.reduce((sum, value) => sum + value, 0);
  const room = spanDays * DAY_MS - driving;
  const scale = rawTotal > 0 && room > legs.length * 5 * MINUTE_MS ? room / rawTotal : 30 * MINUTE_MS;
  return raw.map((value, i) => (i === 0 ? 0 : Math.max(MINUTE_MS, value * scale)));
}

/** Indices spread evenly over the trips, for the trips forced to lose their end location. */
function spreadIndices(count: number, howMany: number): Set<number> {
  const out = new Set<number>();
  for (let k = 1; k <= howMany; k++) out.add(Math.floor((k * count) / (howMany + 1)));
  return out;
}

export function generateTrips(vehicle: SeedVehicle, anchorMs: number): GeneratedTrip[] {
  const plan = vehicle.trips;
  if (plan.count === 0) return [];
  const rng = createPrng(`trips:${vehicle.tokenId}`);
  const metro = METROS[vehicle.metro];
  const places = makePlaces(rng, metro, plan.placeRadiusMiles ?? metro.radiusMiles);
  const legs = driveLegs(rng, places, plan.count, (seq, start, end) =>
    tripRoute(vehicle.tokenId, metro, seq, start, end),
  );
  const gaps = parkedGaps(rng, legs, plan.spanDays);
  const forcedMissingEnds = spreadIndices(plan.count, plan.extraMissingEndLocations);

  const relative: { startMs: number; endMs: number }[] = [];
  let cursor = 0;
  legs.forEach((leg, i) => {
    const startMs = cursor + (gaps[i] ?? 0);
    relative.push({ startMs, endMs: startMs + leg.durationMs });
    cursor = startMs + leg.durationMs;
  });
  // Not exactly on the hour, so the newest end time looks like any other.
  const shiftMs = anchorMs - plan.lastEndHoursAgo * HOUR_MS - rng.between(0, 40) * MINUTE_MS - cursor;

  return legs.map((leg, i) => {
    const times = relative[i] as { startMs: number; endMs: number };
    const startMicros = Math.round((times.startMs + shiftMs) * 1000);
    const endMicros = startMicros + Math.round(leg.durationMs * 1000);
    const trip: GeneratedTrip = {
      id: ksuid(startMicros / 1000, rng.bytes(16)),
      seq: i,
      startMicros,
      endMicros,
      routeStart: leg.start,
      routeEnd: leg.end,
      roadMiles: metersToMiles(leg.roadMetres),
      roadMetres: leg.roadMetres,
    };
    if (!rng.chance(MISSING_START_CHANCE)) trip.start = leg.start;
    if (!forcedMissingEnds.has(i) && !rng.chance(MISSING_END_CHANCE)) trip.end = leg.end;
    return trip;
  });
}
