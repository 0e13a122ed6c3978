import { type LatLon, metersToMiles, roundPoint } from "../seed/geo";
import { ksuid } from "../seed/ksuid";
import { METROS } from "../seed/metros";
import { createPrng } from "../seed/prng";
import { DAY_MS, MINUTE_MS } from "../seed/times";
import { type GeneratedTrip, jitter, makePlaces, otherPlace, tripRoute } from "../seed/trip-generator";
import { type LiveTimetable, type SeedVehicle } from "../seed/vehicles";
import { nextDeparture } from "./timetable";

/**
 * A live vehicle's drives, one after another: each leaves from where the one before parked (give or take the GPS
 * fix), for another of its regular places, at the first departure of its timetable that leaves it a few minutes
 * parked. Each drive is a function of the vehicle, its place in the vehicle's life (`seq`) and where and when the one
 * before ended, so the seed (for the history before seed time) and the sandbox (as its clock passes) make the same.
 */

export type LiveVehicle = SeedVehicle & { live: LiveTimetable };

/** Where and when the drive before ended: all the next one depends on. */
export interface DriveEnd {
  seq: number;
  endUs: number;
  end: LatLon;
}

/** The shortest stop between two drives. */
const MIN_PARKED_MS = 3 * MINUTE_MS;

const placesByVehicle = new Map<number, LatLon[]>();

function placesOf(vehicle: LiveVehicle): LatLon[] {
  let places = placesByVehicle.get(vehicle.tokenId);
  if (!places) {
    const rng = createPrng(`live-places:${vehicle.tokenId}`);
    places = makePlaces(rng, METROS[vehicle.metro], vehicle.live.placeRadiusMiles);
    placesByVehicle.set(vehicle.tokenId, places);
  }
  return places;
}

function nearestPlace(places: readonly LatLon[], point: LatLon): number {
  let best = 0;
  let bestDistance = Infinity;
  places.forEach((place, index) => {
    const d = (place.latitude - point.latitude) ** 2 + (place.longitude - point.longitude) ** 2;
    if (d < bestDistance) {
      best = index;
      bestDistance = d;
    }
  });
  return best;
}

/** The trips service's id of a live drive, from the drive itself. */
export function liveTripId(tokenId: number, seq: number, startUs: number): string {
  return ksuid(startUs / 1000, createPrng(`live-trip-id:${tokenId}:${seq}`).bytes(16));
}

/** The drive after `previous`. Its start and end fixes are always known, so the trips service shows both. */
export function nextLiveTrip(vehicle: LiveVehicle, previous: DriveEnd): GeneratedTrip {
  const seq = previous.seq + 1;
  const rng = createPrng(`live:${vehicle.tokenId}:${seq}`);
  const places = placesOf(vehicle);
  const destination = otherPlace(rng, places.length, nearestPlace(places, previous.end));
  const start = roundPoint(jitter(rng, previous.end, 3, 40));
  const end = roundPoint(jitter(rng, places[destination] as LatLon, 5, 60));
  const plan = tripRoute(vehicle.tokenId, METROS[vehicle.metro], seq, start, end);
  const startMicros = nextDeparture(vehicle.live, previous.endUs / 1000 + MIN_PARKED_MS) * 1000;
  // Whole microseconds, as the trips service reports times (the same rounding as the seed's other trips).
  const endMicros = startMicros + Math.round(Math.round(plan.durationSeconds * 1e6) / 1000) * 1000;
  return {
    id: liveTripId(vehicle.tokenId, seq, startMicros),
    seq,
    startMicros,
    endMicros,
    start,
    end,
    routeStart: start,
    routeEnd: end,
    roadMiles: metersToMiles(plan.lengthMetres),
    roadMetres: plan.lengthMetres,
  };
}

/** Where the vehicle stands before its first drive: at home, from `fromMs`. */
function beforeFirstDrive(vehicle: LiveVehicle, fromMs: number): DriveEnd {
  const home = placesOf(vehicle)[0] as LatLon;
  const parked = jitter(createPrng(`live-home:${vehicle.tokenId}`), home, 0, 30);
  return { seq: -1, endUs: fromMs * 1000, end: roundPoint(parked) };
}

/**
 * The seed's trips of a live vehicle: the last `trips.count` of its timetable that ended by `anchorMs`, walked from
 * far enough back to hold them.
 */
export function liveHistory(vehicle: LiveVehicle, anchorMs: number): GeneratedTrip[] {
  const { count } = vehicle.trips;
  const perDay = ((vehicle.live.endHour - vehicle.live.firstHour) * 60) / vehicle.live.everyMinutes;
  // Enough days even if every drive overran its departure and took two.
  const days = Math.ceil((2 * count) / perDay) + 1;
  const trips: GeneratedTrip[] = [];
  let previous = beforeFirstDrive(vehicle, anchorMs - days * DAY_MS);
  for (;;) {
    const trip = nextLiveTrip(vehicle, previous);
    if (trip.endMicros > anchorMs * 1000) break;
    trips.push(trip);
    previous = { seq: trip.seq, endUs: trip.endMicros, end: trip.routeEnd };
  }
  return trips.slice(-count);
}
