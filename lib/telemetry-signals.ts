/**
 * Facts of DIMO's Telemetry API shared by the sandbox (which serves it) and the dashboard (which asks it): the signals
 * the dashboard's own panels name, the aggregations, and the privileges of the queries beyond signals. Each signal's
 * facts are in the one catalog, lib/signals/catalog.ts. No I/O, so client components may import it.
 */
import type { PrivilegeId } from "./protocol";
import { type CatalogSignal, catalogSignal } from "./signals/catalog";

/** The signals the Now figures, the history chart and the latest query ask for by name. */
const DASHBOARD_SIGNAL_NAMES = [
  "speed",
  "powertrainTransmissionTravelledDistance",
  "powertrainTractionBatteryStateOfChargeCurrent",
  "powertrainFuelSystemRelativeLevel",
  "powertrainRange",
  "isIgnitionOn",
  "exteriorAirTemperature",
  "lowVoltageBatteryCurrentVoltage",
  "powertrainType",
  "currentLocationHeading",
  "currentLocationCoordinates",
  "currentLocationApproximateCoordinates",
] as const;

export type SignalName = (typeof DASHBOARD_SIGNAL_NAMES)[number];

export const TELEMETRY_SIGNALS: readonly (CatalogSignal & { name: SignalName })[] = DASHBOARD_SIGNAL_NAMES.map(
  (name) => {
    const signal = catalogSignal(name);
    if (!signal) throw new Error(`${name} is not in lib/signals/catalog.ts`);
    return { ...signal, name };
  },
);

const BY_NAME = new Map<string, CatalogSignal>(TELEMETRY_SIGNALS.map((signal) => [signal.name, signal]));

/** A signal the dashboard names; undefined for any other. */
export function signalInfo(name: string): CatalogSignal | undefined {
  return BY_NAME.get(name);
}

export function isSignalName(name: string): name is SignalName {
  return BY_NAME.has(name);
}

/** The aggregations the real schema accepts for float and location signals in `signals(...)`. */
export type FloatAggregation = "AVG" | "MED" | "MAX" | "MIN" | "RAND" | "FIRST" | "LAST";
export type LocationAggregation = "AVG" | "RAND" | "FIRST" | "LAST";

/**
 * `vinVCLatest` needs the VIN credential privilege; `segments` and `events` need both non-location and location
 * history.
 */
export const VIN_CREDENTIAL_PRIVILEGE: PrivilegeId = 5;
export const SEGMENTS_PRIVILEGES: readonly PrivilegeId[] = [1, 4];

/**
 * `segments` refuses a `limit` above SEGMENTS_LIMIT_MAX, and a range longer than 31 days, as the real schema documents
 * (the real service's code, and so the sandbox, allows up to 32 days and a second).
 */
export const SEGMENTS_LIMIT_DEFAULT = 100;
export const SEGMENTS_LIMIT_MAX = 200;
