import { type LatLon } from "../seed/geo";
import { METROS } from "../seed/metros";
import { type DriveRecord } from "../store/drive-store";
import { drivingVoltage, outsideTemperature, restingVoltage } from "./conditions";
import { driveLevels } from "./drive-energy";
import { engineUse } from "./engine-distance";
import { emitParked } from "./parked-samples";
import { Collector, NOT_CHARGING, powertrainTypeValue, round, type Samples } from "./sample-collector";
import { LOCATION_SIGNAL, POWERTRAIN_TYPE_SIGNAL } from "./signals/names";
import { type TickState } from "./signals/types";
import { routeOf, type VehicleSource } from "./vehicle-source";

/**
 * The signals of one vehicle over a time window, generated from the trips in it: every few seconds while driving
 * (location, speed, heading, odometer, level, range, ignition; temperature and 12 V every 30 s), and a heartbeat every
 * 30 minutes while parked (ignition off, odometer, level, range, temperature, 12 V; no location). Times are
 * microseconds since the epoch; each series is in time order.
 */

export const DRIVE_EVERY_US = 5_000_000;
/** Temperature and 12 V are sent every this many drive ticks. */
export const SLOW_TICKS = 6;

/** The tick number of a trip's ignition-off sample, for its fix's precision. */
export const END_TICK = -1;

export { LOCATION_SIGNAL };
export { PARKED_EVERY_US, parkedAfter } from "./parked-samples";
export type { Samples } from "./sample-collector";
export { routeOf, type VehicleSource } from "./vehicle-source";

/** The fix's horizontal dilution of precision: 0.6 to 1.4, varying from fix to fix. */
export function hdopAt(seq: number, k: number): number {
  let h = Math.imul(seq * 7919 + k, 0x27d4eb2f);
  h ^= h >>> 15;
  return 0.6 + ((h >>> 0) % 9) / 10;
}

function emitDrive(source: VehicleSource, out: Collector, drive: DriveRecord, fromUs: number, toUs: number): void {
  if (drive.endUs < fromUs || drive.startUs >= toUs) return;
  const plan = routeOf(source, drive);
  const { powertrain, metro } = source;
  const levelsAt = driveLevels(source, drive);
  const engine = engineUse(source, drive);
  const longitude = METROS[metro].center.longitude;
  const first = Math.max(0, Math.ceil((fromUs - drive.startUs) / DRIVE_EVERY_US));
  for (let k = first; ; k++) {
    const t = drive.startUs + k * DRIVE_EVERY_US;
    if (t >= drive.endUs || t >= toUs) break;
    const state0 = plan.at((t - drive.startUs) / 1e6);
    const km = state0.distance / 1000;
    const energy = levelsAt(km);
    out.point(t, state0.point, hdopAt(drive.seq, k));
    out.float("currentLocationHeading", t, round(state0.heading, 1));
    out.float("speed", t, round(state0.speed * 3.6, 1));
    out.float("isIgnitionOn", t, 1);
    out.float("powertrainTransmissionTravelledDistance", t, round(drive.odometerKm + km, 3));
    out.levels(t, energy);
    if (k % SLOW_TICKS === 0) {
      const ms = t / 1000;
      out.float("exteriorAirTemperature", t, outsideTemperature(metro, longitude, ms));
      out.float("lowVoltageBatteryCurrentVoltage", t, drivingVoltage(ms));
    }
    if (k === 0) out.text(POWERTRAIN_TYPE_SIGNAL, t, powertrainTypeValue(powertrain));
    if (out.hasDerived) {
      const seconds = (t - drive.startUs) / 1e6;
      const before = plan.at(Math.max(0, seconds - 1));
      const state: TickState = {
        vehicle: source.vehicle,
        t,
        phase: "driving",
        tripSeq: drive.seq,
        tripSeconds: seconds,
        parkedMs: 0,
        speedKmh: state0.speed * 3.6,
        accelerationMs2: state0.speed - before.speed,
        yawDegreesPerSecond: headingChange(before.heading, state0.heading),
        point: state0.point,
        odometerKm: drive.odometerKm + km,
        engineOdometerKm: engine.beforeKm + engine.tripKm(km),
        engineSeconds: engine.tripSeconds(seconds, km),
        energy,
        outsideCelsius: outsideTemperature(metro, longitude, t / 1000),
        charge: NOT_CHARGING,
      };
      out.state(out.derived.everyTick, state);
      if (k % SLOW_TICKS === 0) out.state(out.derived.slowTick, state);
    }
  }
  if (drive.endUs >= fromUs && drive.endUs < toUs) {
    // Ignition off where the trips service says the trip ended.
    const t = drive.endUs;
    const km = plan.lengthMetres / 1000;
    const energy = { ...levelsAt(km), engineRunning: false };
    const points = plan.points;
    const lastHeading = plan.at(plan.durationSeconds).heading;
    out.point(t, points[points.length - 1] as LatLon, hdopAt(drive.seq, END_TICK));
    out.float("currentLocationHeading", t, round(lastHeading, 1));
    out.float("speed", t, 0);
    out.float("isIgnitionOn", t, 0);
    out.float("powertrainTransmissionTravelledDistance", t, round(drive.odometerKm + km, 3));
    out.levels(t, energy);
    out.float("exteriorAirTemperature", t, outsideTemperature(metro, longitude, t / 1000));
    out.float("lowVoltageBatteryCurrentVoltage", t, restingVoltage(t / 1000, 0, false));
    if (out.hasDerived) {
      const seconds = (t - drive.startUs) / 1e6;
      const state: TickState = {
        vehicle: source.vehicle,
        t,
        phase: "arrived",
        tripSeq: drive.seq,
        tripSeconds: seconds,
        parkedMs: 0,
        speedKmh: 0,
        accelerationMs2: 0,
        yawDegreesPerSecond: 0,
        point: points[points.length - 1] as LatLon,
        odometerKm: drive.odometerKm + km,
        engineOdometerKm: engine.beforeKm + engine.tripKm(km),
        engineSeconds: engine.tripSeconds(seconds, km),
        energy,
        outsideCelsius: outsideTemperature(metro, longitude, t / 1000),
        charge: NOT_CHARGING,
      };
      out.state(out.derived.everyTick, state);
      out.state(out.derived.slowTick, state);
    }
  }
}

/** Degrees per second turned between two headings a second apart, the short way round. */
function headingChange(from: number, to: number): number {
  return ((((to - from) % 360) + 540) % 360) - 180;
}

/**
 * The samples of the `wanted` signals with `fromUs <= t < toUs` (the caller caps `toUs` at the sandbox's now). Costs
 * the trips in the window, plus the one before it (the vehicle may be parked or driving at `fromUs`).
 */
export function collectSamples(
  source: VehicleSource,
  fromUs: number,
  toUs: number,
  wanted: ReadonlySet<string>,
): Samples {
  const out = new Collector(wanted, source.vehicle);
  if (toUs > fromUs) {
    const before = source.drives.lastStartedBy(source.tokenId, fromUs);
    const inside = source.drives.startedBetween(source.tokenId, fromUs, toUs);
    const trips = before ? [before, ...inside] : inside;
    const after = source.drives.firstStartedFrom(source.tokenId, toUs);
    trips.forEach((drive, i) => {
      const next = trips[i + 1] ?? after;
      emitDrive(source, out, drive, fromUs, toUs);
      emitParked(source, out, drive, next, fromUs, toUs);
    });
  }
  return { floats: out.floats, location: out.location, strings: out.strings };
}
