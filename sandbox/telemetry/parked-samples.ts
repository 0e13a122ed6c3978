import { METROS } from "../seed/metros";
import { parkedRefill, unrecordedKm } from "../seed/energy";
import { type ParkedRefill } from "../seed/plug-in-hybrid";
import { homeCharge } from "../seed/plug-in-hybrid";
import { type DriveRecord } from "../store/drive-store";
import { outsideTemperature, restingVoltage } from "./conditions";
import { driveLevels, energyLevels } from "./drive-energy";
import { engineUse } from "./engine-distance";
import { type Collector, NOT_CHARGING, round } from "./sample-collector";
import { type ChargeState, type TickState } from "./signals/types";
import { routeOf, type VehicleSource } from "./vehicle-source";

/**
 * The samples of a parked vehicle, between one trip's end and the next one's start: a heartbeat every `PARKED_EVERY_US`
 * with ignition off, odometer, level, range, temperature and 12 V, the level rising while it charges or refuels.
 */

export const PARKED_EVERY_US = 30 * 60_000_000;

/**
 * A level while parked after `drive`: its arrival level, then any charge or refuel, until the next trip. The seed's
 * level is the tank, or a BEV's battery; a plug-in hybrid's battery has its own.
 */
interface ParkedLevels {
  arrivalPercent: number;
  odometerKm: number;
  refill: ParkedRefill | null;
}

/** What a parked car's levels do: a tank refuelled now and then, a traction battery charged (a BEV or a plug-in). */
export interface ParkedEnergy {
  odometerKm: number;
  tank: ParkedLevels | null;
  battery: ParkedLevels | null;
}

export function parkedAfter(source: VehicleSource, drive: DriveRecord, next: DriveRecord | undefined): ParkedEnergy {
  const { powertrain, tokenId } = source;
  const km = routeOf(source, drive).lengthMetres / 1000;
  const odometerKm = drive.odometerKm + km;
  const arrival = driveLevels(source, drive)(km);
  const stays = !next || unrecordedKm(drive.end, next.start) === 0;
  const parkedMs = next ? (next.startUs - drive.endUs) / 1000 : Infinity;
  // The seed's level (the tank, or a BEV's battery) is refilled only before a next trip, as the seed walks it.
  const seedPercent = arrival.fuelPercent ?? arrival.batteryPercent ?? 0;
  const refill = next && stays ? parkedRefill(tokenId, drive.seq, powertrain, seedPercent, parkedMs) : null;
  const seedLevel = { arrivalPercent: seedPercent, odometerKm, refill };
  if (powertrain.type === "BEV") return { odometerKm, tank: null, battery: seedLevel };
  const { plugIn } = powertrain;
  if (!plugIn || arrival.batteryPercent === null) return { odometerKm, tank: seedLevel, battery: null };
  // The owner plugs in at home after every trip, the last one too.
  const charge = stays ? homeCharge(tokenId, drive.seq, plugIn, arrival.batteryPercent, parkedMs) : null;
  return {
    odometerKm,
    tank: seedLevel,
    battery: { arrivalPercent: arrival.batteryPercent, odometerKm, refill: charge },
  };
}

function levelWhileParked(levels: ParkedLevels, sinceEndMs: number): { percent: number; charging: boolean } {
  const { refill, arrivalPercent } = levels;
  if (!refill || sinceEndMs <= refill.startOffsetMs) return { percent: arrivalPercent, charging: false };
  const gained = Math.min(refill.gainPercent, (sinceEndMs - refill.startOffsetMs) * refill.percentPerMs);
  return {
    percent: arrivalPercent + gained,
    charging: gained < refill.gainPercent && Number.isFinite(refill.percentPerMs),
  };
}

/** The charging signals' view of a parked car: plugged in from the start of a charge until it leaves. */
function chargeWhileParked(
  source: VehicleSource,
  battery: ParkedLevels,
  sinceEndMs: number,
  percent: number,
  charging: boolean,
): ChargeState {
  const { refill } = battery;
  const { vehicle, powertrain } = source;
  if (!refill || !Number.isFinite(refill.percentPerMs)) return NOT_CHARGING;
  if (sinceEndMs <= refill.startOffsetMs) return NOT_CHARGING;
  const percentPerHour = refill.percentPerMs * 3_600_000;
  const homePercentPerHour = powertrain.plugIn?.chargePercentPerHour ?? powertrain.chargePercentPerHour;
  return {
    cableConnected: true,
    charging,
    powerKw: (percentPerHour / 100) * vehicle.batteryKwh,
    alternating: Math.abs(percentPerHour - homePercentPerHour) < 1e-9,
    addedKwh: ((percent - battery.arrivalPercent) / 100) * vehicle.batteryKwh,
  };
}

export function emitParked(
  source: VehicleSource,
  out: Collector,
  drive: DriveRecord,
  next: DriveRecord | undefined,
  fromUs: number,
  toUs: number,
): void {
  const until = Math.min(next ? next.startUs : Infinity, toUs);
  const firstTick = Math.max(Math.floor(drive.endUs / PARKED_EVERY_US) + 1, Math.ceil(fromUs / PARKED_EVERY_US));
  if (firstTick * PARKED_EVERY_US >= until) return;
  const { odometerKm, tank, battery } = parkedAfter(source, drive, next);
  const { powertrain, metro } = source;
  const longitude = METROS[metro].center.longitude;
  const tripSeconds = (drive.endUs - drive.startUs) / 1e6;
  const tripKm = routeOf(source, drive).lengthMetres / 1000;
  const engine = out.hasDerived ? engineUse(source, drive) : null;
  for (let t = firstTick * PARKED_EVERY_US; t < until; t += PARKED_EVERY_US) {
    const sinceEndMs = (t - drive.endUs) / 1000;
    const tankLevel = tank ? levelWhileParked(tank, sinceEndMs) : null;
    const batteryLevel = battery ? levelWhileParked(battery, sinceEndMs) : null;
    const energy = energyLevels(powertrain, tankLevel?.percent ?? null, batteryLevel?.percent ?? null, false);
    const charging = batteryLevel?.charging ?? false;
    out.float("isIgnitionOn", t, 0);
    out.float("powertrainTransmissionTravelledDistance", t, round(odometerKm, 3));
    out.levels(t, energy);
    out.float("exteriorAirTemperature", t, outsideTemperature(metro, longitude, t / 1000));
    out.float("lowVoltageBatteryCurrentVoltage", t, restingVoltage(t / 1000, sinceEndMs, charging));
    if (out.hasDerived) {
      const state: TickState = {
        vehicle: source.vehicle,
        t,
        phase: "parked",
        tripSeq: drive.seq,
        tripSeconds,
        parkedMs: sinceEndMs,
        speedKmh: 0,
        accelerationMs2: 0,
        yawDegreesPerSecond: 0,
        point: null,
        odometerKm,
        engineOdometerKm: engine ? engine.beforeKm + engine.tripKm(tripKm) : 0,
        engineSeconds: engine ? engine.tripSeconds(tripSeconds, tripKm) : 0,
        energy,
        outsideCelsius: outsideTemperature(metro, longitude, t / 1000),
        charge:
          battery && batteryLevel
            ? chargeWhileParked(source, battery, sinceEndMs, batteryLevel.percent, charging)
            : NOT_CHARGING,
      };
      out.state(out.derived.parked, state);
    }
  }
}
