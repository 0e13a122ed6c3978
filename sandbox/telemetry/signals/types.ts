import { type CatalogSignal, catalogSignal, type SignalKind } from "@/lib/signals/catalog";
import { type LatLon } from "../../seed/geo";
import { type EnergyLevels } from "../drive-energy";
import { type VehicleProfile } from "./vehicle-profile";

/**
 * One signal of DIMO's schema as the sandbox generates it: its name, kind, unit and privileges from the one catalog
 * (lib/signals/catalog.ts), and what is the simulation's own: which vehicles have it, when a vehicle sends it, and its
 * value at a moment of the drive simulation.
 */

/**
 * When a vehicle sends a signal: on every drive tick and at ignition off (`driving`); also on each parked heartbeat
 * (`always`); on every slow drive tick, at ignition off and on each heartbeat (`slow`); once per trip (`trip`).
 */
export type Cadence = "driving" | "always" | "slow" | "trip";

export interface ChargeState {
  cableConnected: boolean;
  charging: boolean;
  powerKw: number;
  /** On an AC (home) charger rather than a DC fast charger. */
  alternating: boolean;
  addedKwh: number;
}

/** The vehicle at one sample time, as the drive simulation describes it. */
export interface TickState {
  vehicle: VehicleProfile;
  /** Microseconds since the epoch. */
  t: number;
  /** Driving, the ignition-off sample at a trip's end, or a heartbeat while parked. */
  phase: "driving" | "arrived" | "parked";
  tripSeq: number;
  /** Seconds since the trip started (its length while parked). */
  tripSeconds: number;
  /** Milliseconds since the trip ended; 0 while driving. */
  parkedMs: number;
  speedKmh: number;
  accelerationMs2: number;
  yawDegreesPerSecond: number;
  /** Where the vehicle is; null on a parked heartbeat, which carries no location. */
  point: LatLon | null;
  odometerKm: number;
  /** Kilometres the combustion engine has driven over the car's life; 0 without one. */
  engineOdometerKm: number;
  /** Seconds the combustion engine has run on this trip so far. */
  engineSeconds: number;
  /** The tank, the traction battery, the ranges, and whether the engine runs. */
  energy: EnergyLevels;
  outsideCelsius: number;
  charge: ChargeState;
}

export interface SignalDefinition extends Pick<CatalogSignal, "name" | "kind" | "unit" | "anyOf"> {
  fitted: (vehicle: VehicleProfile) => boolean;
  cadence: Cadence;
  /** The value at a sample; absent for the signals the drive simulation writes itself. */
  value?: (state: TickState) => number | string;
}

export const everyVehicle = () => true;
export const noSeededVehicle = () => false;
export const withEngine = (vehicle: VehicleProfile) => vehicle.engine;
export const withTractionBattery = (vehicle: VehicleProfile) => vehicle.tractionBattery;

type Fitted = SignalDefinition["fitted"];
type Value = SignalDefinition["value"];

/** The catalog's facts of a signal joined to how the sandbox produces it; a name or kind the catalog lacks throws. */
function simulated(name: string, kind: SignalKind, fitted: Fitted, cadence: Cadence, value?: Value): SignalDefinition {
  const signal = catalogSignal(name);
  if (signal?.kind !== kind) throw new Error(`${name} is not a ${kind} signal of lib/signals/catalog.ts`);
  return { name, kind, unit: signal.unit, anyOf: signal.anyOf, fitted, cadence, ...(value ? { value } : {}) };
}

export const float = (name: string, fitted: Fitted, cadence: Cadence, value?: (state: TickState) => number) =>
  simulated(name, "float", fitted, cadence, value);

export const text = (name: string, fitted: Fitted, cadence: Cadence, value?: (state: TickState) => string) =>
  simulated(name, "string", fitted, cadence, value);

/** A location, which the drive simulation writes itself. */
export const place = (name: string, fitted: Fitted, cadence: Cadence) => simulated(name, "location", fitted, cadence);

export const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** 0 or 1, as the real service sends booleans. */
export const flag = (on: boolean) => (on ? 1 : 0);
