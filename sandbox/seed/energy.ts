import { distanceMiles, type LatLon } from "./geo";
import {
  batteryAfter,
  batteryAtNextStart,
  engineKm,
  type ParkedRefill,
  type PlugInBattery,
  plugInBatteryOf,
} from "./plug-in-hybrid";
import { createPrng } from "./prng";
import { type GeneratedTrip } from "./trip-generator";
import { marketMilesAt } from "./valuation-model";
import { type SeedVehicle } from "./vehicles";

/**
 * What a vehicle carries its energy in, and how its odometer and battery or tank move over its life: falling with
 * every kilometre driven, recovering while parked now and then (a charge or a refuel). The seed walks the trips
 * once and stores the odometer and level at each trip's start; the telemetry service recomputes everything in
 * between with the same functions.
 */

type PowertrainType = "BEV" | "COMBUSTION";

export interface Powertrain {
  type: PowertrainType;
  /** Percent of capacity used per kilometre. */
  percentPerKm: number;
  /** Range at 100 %, km. */
  fullRangeKm: number;
  /** Percent gained per hour on the usual charger (BEV); refuels are instant. */
  chargePercentPerHour: number;
  /** A plug-in hybrid's traction battery, beside its tank (a combustion powertrain then). */
  plugIn: PlugInBattery | null;
}

/** Battery kWh and kWh/km, or tank litres and litres/100 km, of the seeded models (others get a sedan's). */
const BATTERIES: Record<string, [capacityKwh: number, kwhPerKm: number]> = {
  "Model 3": [57.5, 0.14],
  "Bolt EV": [65, 0.16],
  "Ioniq 5": [77.4, 0.18],
  "ID.4": [77, 0.19],
  EV6: [77.4, 0.17],
  Leaf: [40, 0.16],
  Taycan: [93.4, 0.22],
  "2": [78, 0.19],
  "Model Y": [75, 0.16],
  "Mustang Mach-E": [88, 0.2],
  R1S: [135, 0.27],
};
const TANKS: Record<string, [litres: number, litresPer100Km: number]> = {
  "F-150": [87, 13],
  Camry: [60, 7.5],
  Civic: [47, 6.9],
  X5: [83, 10.5],
  Outback: [70, 8.7],
  "CX-5": [56, 8.4],
  Wrangler: [70, 11.8],
  Prius: [43, 4.4],
  RAV4: [55, 8.1],
  "Wrangler 4xe": [65, 9.4],
  Accord: [56, 7.4],
};
/**
 * Hybrids among the seeded models. A plug-in's traction battery is simulated beside its tank (plug-in-hybrid.ts); a
 * share link's powertrain filter tells them apart as DIMO's device definitions do.
 */
const HYBRIDS: Record<string, "HEV" | "PHEV"> = { Prius: "HEV", "Wrangler 4xe": "PHEV" };

/** The device definition's `powertrain_type`, the value a share link's `powertrainTypes` filter compares with. */
export type DefinitionPowertrainType = "BEV" | "ICE" | "HEV" | "PHEV";

export function definitionPowertrainTypeOf(model: string): DefinitionPowertrainType {
  if (BATTERIES[model]) return "BEV";
  return HYBRIDS[model] ?? "ICE";
}
const HOME_CHARGER_KW = 7.2;

export function powertrainOf(model: string): Powertrain {
  const battery = BATTERIES[model];
  if (battery) {
    const [capacity, perKm] = battery;
    return {
      type: "BEV",
      percentPerKm: (perKm / capacity) * 100,
      fullRangeKm: capacity / perKm,
      chargePercentPerHour: (HOME_CHARGER_KW / capacity) * 100,
      plugIn: null,
    };
  }
  const [litres, per100] = TANKS[model] ?? [55, 7.8];
  return {
    type: "COMBUSTION",
    percentPerKm: (per100 / 100 / litres) * 100,
    fullRangeKm: (litres / per100) * 100,
    chargePercentPerHour: 0,
    plugIn: plugInBatteryOf(model),
  };
}

/**
 * Whether the car is charged or refuelled while parked after trip `seq`, given the level it arrived with and how
 * long it stays. The same answer at seed time and at query time, from the same inputs.
 */
export function parkedRefill(
  vehicleTokenId: number,
  seq: number,
  powertrain: Powertrain,
  arrivalPercent: number,
  parkedMs: number,
): ParkedRefill | null {
  const rng = createPrng(`parked:${vehicleTokenId}:${seq}`);
  const wish = rng.next();
  const hours = parkedMs / 3_600_000;
  if (powertrain.type === "COMBUSTION") {
    const wants = arrivalPercent < 18 || (arrivalPercent < 35 && wish < 0.25);
    if (!wants || parkedMs < 8 * 60_000) return null;
    const startOffsetMs = Math.min(parkedMs / 2, rng.between(2, 6) * 60_000);
    const target = rng.between(92, 100);
    return { startOffsetMs, percentPerMs: Infinity, gainPercent: Math.max(0, target - arrivalPercent) };
  }
  const overnight = hours > 5 && arrivalPercent < 70 && wish < 0.55;
  const low = arrivalPercent < 30 && hours > 0.4;
  if (!overnight && !low) return null;
  // A fast charger when low and in a hurry; the home charger otherwise.
  const fast = low && hours < 3;
  const percentPerHour = fast ? rng.between(60, 110) : powertrain.chargePercentPerHour;
  const startOffsetMs = Math.min(parkedMs / 4, rng.between(3, 20) * 60_000);
  const target = fast ? rng.between(75, 85) : rng.between(80, 90);
  const room = Math.max(0, target - arrivalPercent);
  const possible = (percentPerHour * (parkedMs - startOffsetMs - 60_000)) / 3_600_000;
  const gainPercent = Math.max(0, Math.min(room, possible));
  if (gainPercent <= 0) return null;
  return { startOffsetMs, percentPerMs: percentPerHour / 3_600_000, gainPercent };
}

/** An unrecorded move between trips (the device off): the road distance it probably took. */
export function unrecordedKm(previousEnd: LatLon, nextStart: LatLon): number {
  const miles = distanceMiles(previousEnd, nextStart);
  return miles > 0.25 ? miles * KM_PER_MILE * 1.3 : 0;
}

/** The lowest level a trip is allowed to reach; a car this empty would have been refilled. */
const RESERVE_PERCENT = 2;

export function levelAfter(startPercent: number, km: number, powertrain: Powertrain): number {
  return Math.max(RESERVE_PERCENT, startPercent - km * powertrain.percentPerKm);
}

export interface TripEnergy {
  /** Odometer at the trip's start, km. */
  odometerKm: number;
  /** State of charge or fuel level at the trip's start, percent. */
  levelPercent: number;
  /** A plug-in hybrid's battery at the trip's start, percent; null for other powertrains. */
  batteryPercent: number | null;
}

export const KM_PER_MILE = 1.609344;

/** What one step of the energy walk reads of a trip. */
export type EnergyTrip = Pick<
  GeneratedTrip,
  "seq" | "startMicros" | "endMicros" | "routeStart" | "routeEnd" | "roadMetres"
>;

/**
 * One step of the walk: the odometer and levels at `next`'s start, from those at `trip`'s start, the kilometres
 * driven, any unrecorded move between the two and what parking in between brought (a charge or a refuel). The seed
 * walks a whole history with it; a live vehicle takes one step per new drive.
 */
export function nextTripEnergy(
  vehicleTokenId: number,
  powertrain: Powertrain,
  trip: EnergyTrip,
  start: TripEnergy,
  next: EnergyTrip,
): TripEnergy {
  const { plugIn } = powertrain;
  // A plug-in hybrid burns fuel only over the kilometres its battery cannot drive.
  const fuelKm = (battery: number | null, km: number) =>
    plugIn && battery !== null ? engineKm(battery, km, plugIn) : km;
  const km = trip.roadMetres / 1000;
  const odometerKm = start.odometerKm + km;
  const levelPercent = levelAfter(start.levelPercent, fuelKm(start.batteryPercent, km), powertrain);
  const moved = unrecordedKm(trip.routeEnd, next.routeStart);
  const parkedMs = (next.startMicros - trip.endMicros) / 1000;
  let batteryPercent = start.batteryPercent;
  let arrivalBattery: number | null = null;
  if (plugIn && start.batteryPercent !== null) {
    arrivalBattery = batteryAfter(start.batteryPercent, km, plugIn);
    batteryPercent = batteryAtNextStart(vehicleTokenId, trip.seq, plugIn, start.batteryPercent, km, moved, parkedMs);
  }
  if (moved > 0) {
    return {
      odometerKm: odometerKm + moved,
      levelPercent: levelAfter(levelPercent, fuelKm(arrivalBattery, moved), powertrain),
      batteryPercent,
    };
  }
  const refill = parkedRefill(vehicleTokenId, trip.seq, powertrain, levelPercent, parkedMs);
  return { odometerKm, levelPercent: refill ? levelPercent + refill.gainPercent : levelPercent, batteryPercent };
}

/**
 * Walks a vehicle's trips in order: the odometer and level at each trip's start. The odometer starts at the market's
 * average mileage for the vehicle's age when its first trip began, the valuation's own assumption, so the valuation
 * and the telemetry agree on the distance driven.
 */
export function energyLog(vehicle: SeedVehicle, trips: readonly GeneratedTrip[]): TripEnergy[] {
  const rng = createPrng(`odometer:${vehicle.tokenId}`);
  const powertrain = powertrainOf(vehicle.model);
  const firstStartMs = trips[0] ? trips[0].startMicros / 1000 : 0;
  let current: TripEnergy = {
    odometerKm: Math.round(marketMilesAt(vehicle.year, firstStartMs) * KM_PER_MILE * 1000) / 1000,
    levelPercent: rng.between(55, 95),
    batteryPercent: powertrain.plugIn ? powertrain.plugIn.chargeTargetPercent : null,
  };
  const log: TripEnergy[] = [];
  trips.forEach((trip, i) => {
    log.push(current);
    const next = trips[i + 1];
    if (next) current = nextTripEnergy(vehicle.tokenId, powertrain, trip, current, next);
  });
  return log;
}

/** The odometer after a vehicle's last trip, km. */
export function finalOdometerKm(trips: readonly GeneratedTrip[], log: readonly TripEnergy[]): number | null {
  const last = trips[trips.length - 1];
  const entry = log[log.length - 1];
  return last && entry ? entry.odometerKm + last.roadMetres / 1000 : null;
}
