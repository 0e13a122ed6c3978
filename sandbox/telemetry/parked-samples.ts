import { METROS } from "../seed/metros";
import { levelAfter, parkedRefill, type ParkedRefill, unrecordedKm } from "../seed/energy";
import { type DriveRecord } from "../store/drive-store";
import { outsideTemperature, restingVoltage } from "./conditions";
import { type Collector, levelName, NOT_CHARGING, round } from "./sample-collector";
import { type ChargeState, type TickState } from "./signals/types";
import { routeOf, type VehicleSource } from "./vehicle-source";

/**
 * The samples of a parked vehicle, between one trip's end and the next one's start: a heartbeat every `PARKED_EVERY_US`
 * with ignition off, odometer, level, range, temperature and 12 V, the level rising while it charges or refuels.
 */

export const PARKED_EVERY_US = 30 * 60_000_000;

/** The level while parked after `drive`: its arrival level, then any charge or refuel, until the next trip. */
export interface ParkedLevels {
  arrivalPercent: number;
  odometerKm: number;
  refill: ParkedRefill | null;
}

export function parkedAfter(source: VehicleSource, drive: DriveRecord, next: DriveRecord | undefined): ParkedLevels {
  const plan = routeOf(source, drive);
  const km = plan.lengthMetres / 1000;
  const arrivalPercent = levelAfter(drive.levelPercent, km, source.powertrain);
  const refill =
    next && unrecordedKm(drive.end, next.start) === 0
      ? parkedRefill(source.tokenId, drive.seq, source.powertrain, arrivalPercent, (next.startUs - drive.endUs) / 1000)
      : null;
  return { arrivalPercent, odometerKm: drive.odometerKm + km, refill };
}

export function levelWhileParked(levels: ParkedLevels, sinceEndMs: number): { percent: number; charging: boolean } {
  const { refill, arrivalPercent } = levels;
  if (!refill || sinceEndMs <= refill.startOffsetMs) return { percent: arrivalPercent, charging: false };
  const gained = Math.min(refill.gainPercent, (sinceEndMs - refill.startOffsetMs) * refill.percentPerMs);
  return {
    percent: arrivalPercent + gained,
    charging: gained < refill.gainPercent && Number.isFinite(refill.percentPerMs),
  };
}

/** The charging signals' view of a parked electric car: plugged in from the start of a charge until it leaves. */
function chargeWhileParked(
  source: VehicleSource,
  levels: ParkedLevels,
  sinceEndMs: number,
  percent: number,
  charging: boolean,
): ChargeState {
  const { refill } = levels;
  const { vehicle, powertrain } = source;
  if (!vehicle.tractionBattery || !refill || !Number.isFinite(refill.percentPerMs)) return NOT_CHARGING;
  if (sinceEndMs <= refill.startOffsetMs) return NOT_CHARGING;
  const percentPerHour = refill.percentPerMs * 3_600_000;
  return {
    cableConnected: true,
    charging,
    powerKw: (percentPerHour / 100) * vehicle.batteryKwh,
    alternating: Math.abs(percentPerHour - powertrain.chargePercentPerHour) < 1e-9,
    addedKwh: ((percent - levels.arrivalPercent) / 100) * vehicle.batteryKwh,
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
  const levels = parkedAfter(source, drive, next);
  const { powertrain, metro } = source;
  const level = levelName(powertrain);
  const longitude = METROS[metro].center.longitude;
  for (let t = firstTick * PARKED_EVERY_US; t < until; t += PARKED_EVERY_US) {
    const sinceEndMs = (t - drive.endUs) / 1000;
    const { percent, charging } = levelWhileParked(levels, sinceEndMs);
    out.float("isIgnitionOn", t, 0);
    out.float("powertrainTransmissionTravelledDistance", t, round(levels.odometerKm, 3));
    out.float(level, t, round(percent, 2));
    out.float("powertrainRange", t, round((percent * powertrain.fullRangeKm) / 100, 1));
    out.float("exteriorAirTemperature", t, outsideTemperature(metro, longitude, t / 1000));
    out.float(
      "lowVoltageBatteryCurrentVoltage",
      t,
      restingVoltage(t / 1000, sinceEndMs, charging && powertrain.type === "BEV"),
    );
    if (out.hasDerived) {
      const state: TickState = {
        vehicle: source.vehicle,
        t,
        phase: "parked",
        tripSeq: drive.seq,
        tripSeconds: (drive.endUs - drive.startUs) / 1e6,
        parkedMs: sinceEndMs,
        speedKmh: 0,
        accelerationMs2: 0,
        yawDegreesPerSecond: 0,
        point: null,
        odometerKm: levels.odometerKm,
        levelPercent: percent,
        outsideCelsius: outsideTemperature(metro, longitude, t / 1000),
        charge: chargeWhileParked(source, levels, sinceEndMs, percent, charging),
      };
      out.state(out.derived.parked, state);
    }
  }
}
