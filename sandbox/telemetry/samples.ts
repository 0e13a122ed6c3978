import { type LatLon } from "../seed/geo";
import { type MetroId, METROS } from "../seed/metros";
import { levelAfter, parkedRefill, type Powertrain, type ParkedRefill, unrecordedKm } from "../seed/energy";
import { type RoutePlan } from "../seed/route";
import { tripRoute } from "../seed/trip-generator";
import { type DriveRecord, type DriveStore } from "../store/drive-store";
import { drivingVoltage, outsideTemperature, restingVoltage } from "./conditions";
import { signalDefinition } from "./signals";
import { LOCATION_SIGNAL, POWERTRAIN_TYPE_SIGNAL } from "./signals/names";
import { type ChargeState, type SignalDefinition, type TickState } from "./signals/types";
import { type VehicleProfile } from "./signals/vehicle-profile";

/**
 * The signals of one vehicle over a time window, generated from the trips in it: every few seconds while driving
 * (location, speed, heading, odometer, level, range, ignition; temperature and 12 V every 30 s), and a heartbeat every
 * 30 minutes while parked (ignition off, odometer, level, range, temperature, 12 V; no location). Times are
 * microseconds since the epoch; each series is in time order.
 */

export const DRIVE_EVERY_US = 5_000_000;
/** Temperature and 12 V are sent every this many drive ticks. */
export const SLOW_TICKS = 6;
export const PARKED_EVERY_US = 30 * 60_000_000;

/** The tick number of a trip's ignition-off sample, for its fix's precision. */
export const END_TICK = -1;

export { LOCATION_SIGNAL };

export interface FloatSeries {
  t: number[];
  v: number[];
}
export interface LocationSeries {
  t: number[];
  lat: number[];
  lon: number[];
  hdop: number[];
}
export interface StringSeries {
  t: number[];
  v: string[];
}

export interface Samples {
  floats: Map<string, FloatSeries>;
  location: LocationSeries;
  strings: Map<string, StringSeries>;
}

export interface VehicleSource {
  tokenId: number;
  metro: MetroId;
  powertrain: Powertrain;
  vehicle: VehicleProfile;
  drives: DriveStore;
}

const ROUTE_CACHE_LIMIT = 4000;
const routes = new Map<string, RoutePlan>();

/** The route of one trip, kept in a small LRU: a chart redrawn over the same day drives the same routes. */
export function routeOf(source: VehicleSource, drive: DriveRecord): RoutePlan {
  const key = `${source.tokenId}:${drive.seq}`;
  const cached = routes.get(key);
  if (cached) {
    routes.delete(key);
    routes.set(key, cached);
    return cached;
  }
  const plan = tripRoute(source.tokenId, METROS[source.metro], drive.seq, drive.start, drive.end);
  routes.set(key, plan);
  if (routes.size > ROUTE_CACHE_LIMIT) routes.delete(routes.keys().next().value as string);
  return plan;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** The fix's horizontal dilution of precision: 0.6 to 1.4, varying from fix to fix. */
export function hdopAt(seq: number, k: number): number {
  let h = Math.imul(seq * 7919 + k, 0x27d4eb2f);
  h ^= h >>> 15;
  return 0.6 + ((h >>> 0) % 9) / 10;
}

/** The generated signals wanted, by the samples they are sent on (see `Cadence`). */
interface Derived {
  everyTick: SignalDefinition[];
  slowTick: SignalDefinition[];
  parked: SignalDefinition[];
}

class Collector {
  readonly floats = new Map<string, FloatSeries>();
  readonly location: LocationSeries = { t: [], lat: [], lon: [], hdop: [] };
  readonly strings = new Map<string, StringSeries>();
  readonly derived: Derived = { everyTick: [], slowTick: [], parked: [] };
  readonly hasDerived: boolean;

  constructor(
    private readonly wanted: ReadonlySet<string>,
    vehicle: VehicleProfile,
  ) {
    for (const name of wanted) {
      const definition = signalDefinition(name);
      if (!definition || !definition.fitted(vehicle) || definition.kind === "location") continue;
      if (definition.kind === "string") this.strings.set(name, { t: [], v: [] });
      else this.floats.set(name, { t: [], v: [] });
      if (!definition.value) continue;
      const { cadence } = definition;
      if (cadence === "driving" || cadence === "always") this.derived.everyTick.push(definition);
      if (cadence === "slow") this.derived.slowTick.push(definition);
      if (cadence === "always" || cadence === "slow") this.derived.parked.push(definition);
    }
    this.hasDerived = this.derived.everyTick.length + this.derived.slowTick.length > 0;
  }

  float(name: string, t: number, value: number): void {
    const series = this.floats.get(name);
    if (series) {
      series.t.push(t);
      series.v.push(value);
    }
  }

  wants(name: string): boolean {
    return this.wanted.has(name);
  }

  point(t: number, point: LatLon, hdop: number): void {
    if (!this.wanted.has(LOCATION_SIGNAL)) return;
    this.location.t.push(t);
    this.location.lat.push(round(point.latitude, 6));
    this.location.lon.push(round(point.longitude, 6));
    this.location.hdop.push(hdop);
  }

  text(name: string, t: number, value: string): void {
    const series = this.strings.get(name);
    if (series) {
      series.t.push(t);
      series.v.push(value);
    }
  }

  /** Writes the generated signals of `definitions` at one sample. */
  state(definitions: readonly SignalDefinition[], state: TickState): void {
    for (const definition of definitions) {
      const value = (definition.value as (s: TickState) => number | string)(state);
      if (typeof value === "string") this.text(definition.name, state.t, value);
      else this.float(definition.name, state.t, value);
    }
  }
}

const NOT_CHARGING: ChargeState = {
  cableConnected: false,
  charging: false,
  powerKw: 0,
  alternating: true,
  addedKwh: 0,
};

function levelName(powertrain: Powertrain): string {
  return powertrain.type === "BEV"
    ? "powertrainTractionBatteryStateOfChargeCurrent"
    : "powertrainFuelSystemRelativeLevel";
}

function emitDrive(source: VehicleSource, out: Collector, drive: DriveRecord, fromUs: number, toUs: number): void {
  if (drive.endUs < fromUs || drive.startUs >= toUs) return;
  const plan = routeOf(source, drive);
  const { powertrain, metro } = source;
  const level = levelName(powertrain);
  const longitude = METROS[metro].center.longitude;
  const first = Math.max(0, Math.ceil((fromUs - drive.startUs) / DRIVE_EVERY_US));
  for (let k = first; ; k++) {
    const t = drive.startUs + k * DRIVE_EVERY_US;
    if (t >= drive.endUs || t >= toUs) break;
    const state0 = plan.at((t - drive.startUs) / 1e6);
    const km = state0.distance / 1000;
    const percent = levelAfter(drive.levelPercent, km, powertrain);
    out.point(t, state0.point, hdopAt(drive.seq, k));
    out.float("currentLocationHeading", t, round(state0.heading, 1));
    out.float("speed", t, round(state0.speed * 3.6, 1));
    out.float("isIgnitionOn", t, 1);
    out.float("powertrainTransmissionTravelledDistance", t, round(drive.odometerKm + km, 3));
    out.float(level, t, round(percent, 2));
    out.float("powertrainRange", t, round((percent * powertrain.fullRangeKm) / 100, 1));
    if (k % SLOW_TICKS === 0) {
      const ms = t / 1000;
      out.float("exteriorAirTemperature", t, outsideTemperature(metro, longitude, ms));
      out.float("lowVoltageBatteryCurrentVoltage", t, drivingVoltage(ms));
    }
    if (k === 0) out.text(POWERTRAIN_TYPE_SIGNAL, t, powertrain.type);
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
        levelPercent: percent,
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
    const percent = levelAfter(drive.levelPercent, km, powertrain);
    const points = plan.points;
    const lastHeading = plan.at(plan.durationSeconds).heading;
    out.point(t, points[points.length - 1] as LatLon, hdopAt(drive.seq, END_TICK));
    out.float("currentLocationHeading", t, round(lastHeading, 1));
    out.float("speed", t, 0);
    out.float("isIgnitionOn", t, 0);
    out.float("powertrainTransmissionTravelledDistance", t, round(drive.odometerKm + km, 3));
    out.float(level, t, round(percent, 2));
    out.float("powertrainRange", t, round((percent * powertrain.fullRangeKm) / 100, 1));
    out.float("exteriorAirTemperature", t, outsideTemperature(metro, longitude, t / 1000));
    out.float("lowVoltageBatteryCurrentVoltage", t, restingVoltage(t / 1000, 0, false));
    if (out.hasDerived) {
      const state: TickState = {
        vehicle: source.vehicle,
        t,
        phase: "arrived",
        tripSeq: drive.seq,
        tripSeconds: (t - drive.startUs) / 1e6,
        parkedMs: 0,
        speedKmh: 0,
        accelerationMs2: 0,
        yawDegreesPerSecond: 0,
        point: points[points.length - 1] as LatLon,
        odometerKm: drive.odometerKm + km,
        levelPercent: percent,
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

function emitParked(
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
