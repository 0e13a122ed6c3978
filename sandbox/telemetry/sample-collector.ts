import { type LatLon } from "../seed/geo";
import { type Powertrain } from "../seed/energy";
import { type EnergyLevels } from "./drive-energy";
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

  /** The tank's and the traction battery's levels and the range, at one sample. */
  levels(t: number, energy: EnergyLevels): void {
    if (energy.fuelPercent !== null) this.float(FUEL_LEVEL_SIGNAL, t, round(energy.fuelPercent, 2));
    if (energy.batteryPercent !== null) this.float(BATTERY_LEVEL_SIGNAL, t, round(energy.batteryPercent, 2));
    this.float("powertrainRange", t, round(energy.rangeKm, 1));
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

const FUEL_LEVEL_SIGNAL = "powertrainFuelSystemRelativeLevel";
const BATTERY_LEVEL_SIGNAL = "powertrainTractionBatteryStateOfChargeCurrent";

/** The `powertrainType` a vehicle sends; a plug-in hybrid says HYBRID, as DIMO's decoders name it. */
export function powertrainTypeValue(powertrain: Powertrain): string {
  return powertrain.plugIn ? "HYBRID" : powertrain.type;
}
