import { type LatLon } from "../seed/geo";
import { type Powertrain } from "../seed/energy";
import { signalDefinition } from "./signals";
import { LOCATION_SIGNAL } from "./signals/names";
import { type ChargeState, type SignalDefinition, type TickState } from "./signals/types";
import { type VehicleProfile } from "./signals/vehicle-profile";

/**
 * Where the drive and parked generators write their samples: one series per wanted signal the vehicle has, so a
 * generator writes every signal it knows and the collector keeps only those asked for.
 */

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

export const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** The generated signals wanted, by the samples they are sent on (see `Cadence`). */
interface Derived {
  everyTick: SignalDefinition[];
  slowTick: SignalDefinition[];
  parked: SignalDefinition[];
}

export class Collector {
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

export const NOT_CHARGING: ChargeState = {
  cableConnected: false,
  charging: false,
  powerKw: 0,
  alternating: true,
  addedKwh: 0,
};

/** The signal that carries the fuel or charge level of this powertrain. */
export function levelName(powertrain: Powertrain): string {
  return powertrain.type === "BEV"
    ? "powertrainTractionBatteryStateOfChargeCurrent"
    : "powertrainFuelSystemRelativeLevel";
}
