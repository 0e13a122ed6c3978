import { createPrng } from "./prng";

/**
 * The traction battery of a plug-in hybrid: it drives on electricity until the battery reaches its reserve, then the
 * engine takes over and burns fuel. The owner plugs it in at home whenever it is parked for a while, so most trips
 * start full. The seed stores only the fuel level of each trip; the battery's state is recomputed from the trips
 * before it with these functions, at seed time and at query time alike.
 */

/** A charge or refuel while parked: it starts `startOffsetMs` after the trip's end and adds `gainPercent`. */
export interface ParkedRefill {
  startOffsetMs: number;
  /** Percent per millisecond while charging; Infinity for a refuel (at once). */
  percentPerMs: number;
  gainPercent: number;
}

export interface PlugInBattery {
  /** Usable capacity, kWh. */
  capacityKwh: number;
  /** Percent of the battery used per electric kilometre. */
  percentPerKm: number;
  /** Electric range at 100 %, km. */
  fullRangeKm: number;
  /** Percent gained per hour on the home charger. */
  chargePercentPerHour: number;
  /** Where charging stops, percent. */
  chargeTargetPercent: number;
}

/** The battery kWh and kWh/km of the seeded plug-in hybrids. */
const PLUG_IN_BATTERIES: Record<string, [capacityKwh: number, kwhPerKm: number]> = {
  "Wrangler 4xe": [14, 0.4],
};
/** A plug-in hybrid's on-board charger, kW. */
const PLUG_IN_CHARGER_KW = 7.2;
/** Parked for less than this, the owner does not bother to plug in. */
const MIN_PLUG_IN_MS = 30 * 60_000;
/** The level below which the battery stops driving the car. */
export const BATTERY_RESERVE_PERCENT = 12;

export function plugInBatteryOf(model: string): PlugInBattery | null {
  const battery = PLUG_IN_BATTERIES[model];
  if (!battery) return null;
  const [capacityKwh, perKm] = battery;
  return {
    capacityKwh,
    percentPerKm: (perKm / capacityKwh) * 100,
    fullRangeKm: capacityKwh / perKm,
    chargePercentPerHour: (PLUG_IN_CHARGER_KW / capacityKwh) * 100,
    chargeTargetPercent: 100,
  };
}

/** Kilometres the battery can still drive from `percent`. */
export function electricKm(percent: number, battery: PlugInBattery): number {
  return Math.max(0, (percent - BATTERY_RESERVE_PERCENT) / battery.percentPerKm);
}

/** Of `km` driven from a battery at `percent`, the kilometres the engine drives. */
export function engineKm(percent: number, km: number, battery: PlugInBattery): number {
  return Math.max(0, km - electricKm(percent, battery));
}

/** The battery after `km` from `percent`: it falls to the reserve and stays there while the engine runs. */
export function batteryAfter(percent: number, km: number, battery: PlugInBattery): number {
  if (percent <= BATTERY_RESERVE_PERCENT) return percent;
  return Math.max(BATTERY_RESERVE_PERCENT, percent - km * battery.percentPerKm);
}

/**
 * The home charge while parked after trip `seq` for `parkedMs`. Whether the owner plugs in and when does not depend
 * on the battery's level, so a park long enough to charge from the reserve always ends full whatever came before.
 */
export function homeCharge(
  vehicleTokenId: number,
  seq: number,
  battery: PlugInBattery,
  arrivalPercent: number,
  parkedMs: number,
): ParkedRefill | null {
  if (parkedMs < MIN_PLUG_IN_MS) return null;
  const rng = createPrng(`plug-in:${vehicleTokenId}:${seq}`);
  const startOffsetMs = Math.min(parkedMs / 4, rng.between(2, 10) * 60_000);
  const percentPerMs = battery.chargePercentPerHour / 3_600_000;
  const possible = (parkedMs - startOffsetMs - 60_000) * percentPerMs;
  const gainPercent = Math.max(0, Math.min(battery.chargeTargetPercent - arrivalPercent, possible));
  return gainPercent > 0 ? { startOffsetMs, percentPerMs, gainPercent } : null;
}

/** Whether parking for `parkedMs` after trip `seq` charges the battery full from any level. */
export function chargesFull(vehicleTokenId: number, seq: number, battery: PlugInBattery, parkedMs: number): boolean {
  const fromReserve = battery.chargeTargetPercent - BATTERY_RESERVE_PERCENT;
  const charge = homeCharge(vehicleTokenId, seq, battery, BATTERY_RESERVE_PERCENT, parkedMs);
  return charge !== null && charge.gainPercent >= fromReserve;
}

/** The battery at the next trip's start: what the trip and any unrecorded move left, plus the home charge. */
export function batteryAtNextStart(
  vehicleTokenId: number,
  seq: number,
  battery: PlugInBattery,
  startPercent: number,
  tripKm: number,
  movedKm: number,
  parkedMs: number,
): number {
  const arrival = batteryAfter(startPercent, tripKm, battery);
  if (movedKm > 0) return batteryAfter(arrival, movedKm, battery);
  const charge = homeCharge(vehicleTokenId, seq, battery, arrival, parkedMs);
  return arrival + (charge?.gainPercent ?? 0);
}
