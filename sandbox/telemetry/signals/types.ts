import { type PrivilegeId } from "@/lib/protocol";
import { type LatLon } from "../../seed/geo";
import { type EnergyLevels } from "../drive-energy";
import { type VehicleProfile } from "./vehicle-profile";

/**
 * One signal of DIMO's schema as the sandbox generates it: its name, kind, unit and privileges as the real schema
 * has them, which vehicles have it, when a vehicle sends it, and its value at a moment of the drive simulation.
 */

export type SignalKind = "float" | "string" | "location";

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

export interface SignalDefinition {
  name: string;
  kind: SignalKind;
  /** Unit as the real schema documents it; empty for unitless values. */
  unit: string;
  /** Any one of these privileges allows the field. */
  anyOf: readonly PrivilegeId[];
  fitted: (vehicle: VehicleProfile) => boolean;
  cadence: Cadence;
  /** The value at a sample; absent for the signals the drive simulation writes itself. */
  value?: (state: TickState) => number | string;
}

export const NON_LOCATION: readonly PrivilegeId[] = [1];
export const LOCATION: readonly PrivilegeId[] = [4];

export const everyVehicle = () => true;
export const noSeededVehicle = () => false;
export const withEngine = (vehicle: VehicleProfile) => vehicle.engine;
export const withTractionBattery = (vehicle: VehicleProfile) => vehicle.tractionBattery;

/** A float signal needing non-location privilege, the common case. */
export function float(
  name: string,
  unit: string,
  fitted: SignalDefinition["fitted"],
  cadence: Cadence,
  value?: (state: TickState) => number,
): SignalDefinition {
  return { name, kind: "float", unit, anyOf: NON_LOCATION, fitted, cadence, ...(value ? { value } : {}) };
}

export function text(
  name: string,
  fitted: SignalDefinition["fitted"],
  cadence: Cadence,
  value?: (state: TickState) => string,
): SignalDefinition {
  return { name, kind: "string", unit: "", anyOf: NON_LOCATION, fitted, cadence, ...(value ? { value } : {}) };
}

export const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** 0 or 1, as the real service sends booleans. */
export const flag = (on: boolean) => (on ? 1 : 0);
