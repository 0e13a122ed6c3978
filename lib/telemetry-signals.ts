/**
 * Facts of DIMO's Telemetry API shared by the sandbox (which serves it) and the dashboard (which asks it): the
 * signals the sandbox serves, their units, and the privilege each needs, with the real schema's names
 * (DIMO-Network/telemetry-api, schema/*.graphqls). No I/O, so client components may import it.
 */
import type { PrivilegeId } from "./protocol";

export type SignalKind = "float" | "string" | "location";

export interface SignalInfo {
  /** The field name in the real schema's SignalCollection / SignalAggregations. */
  name: string;
  kind: SignalKind;
  /** Unit as the real schema documents it; empty for unitless values. */
  unit: string;
  /** Words for people. */
  label: string;
  /**
   * The privileges that allow the field: any one of them is enough. Location needs all-time location (4); the
   * approximate location also accepts 8; every other signal needs non-location history (1).
   */
  anyOf: readonly PrivilegeId[];
}

const NON_LOCATION: readonly PrivilegeId[] = [1];
const LOCATION: readonly PrivilegeId[] = [4];
const APPROXIMATE_LOCATION: readonly PrivilegeId[] = [8, 4];

export const TELEMETRY_SIGNALS = [
  { name: "speed", kind: "float", unit: "km/h", label: "Speed", anyOf: NON_LOCATION },
  {
    name: "powertrainTransmissionTravelledDistance",
    kind: "float",
    unit: "km",
    label: "Odometer",
    anyOf: NON_LOCATION,
  },
  {
    name: "powertrainTractionBatteryStateOfChargeCurrent",
    kind: "float",
    unit: "%",
    label: "State of charge",
    anyOf: NON_LOCATION,
  },
  { name: "powertrainFuelSystemRelativeLevel", kind: "float", unit: "%", label: "Fuel level", anyOf: NON_LOCATION },
  { name: "powertrainRange", kind: "float", unit: "km", label: "Range", anyOf: NON_LOCATION },
  { name: "isIgnitionOn", kind: "float", unit: "", label: "Ignition", anyOf: NON_LOCATION },
  { name: "exteriorAirTemperature", kind: "float", unit: "°C", label: "Outside temperature", anyOf: NON_LOCATION },
  { name: "lowVoltageBatteryCurrentVoltage", kind: "float", unit: "V", label: "12 V battery", anyOf: NON_LOCATION },
  { name: "powertrainType", kind: "string", unit: "", label: "Powertrain", anyOf: NON_LOCATION },
  { name: "currentLocationHeading", kind: "float", unit: "°", label: "Heading", anyOf: LOCATION },
  { name: "currentLocationCoordinates", kind: "location", unit: "", label: "Location", anyOf: LOCATION },
  {
    name: "currentLocationApproximateCoordinates",
    kind: "location",
    unit: "",
    label: "Approximate location",
    anyOf: APPROXIMATE_LOCATION,
  },
] as const satisfies readonly SignalInfo[];

export type SignalName = (typeof TELEMETRY_SIGNALS)[number]["name"];

const BY_NAME = new Map<string, SignalInfo>(TELEMETRY_SIGNALS.map((signal) => [signal.name, signal]));

export function signalInfo(name: string): SignalInfo | undefined {
  return BY_NAME.get(name);
}

export function isSignalName(name: string): name is SignalName {
  return BY_NAME.has(name);
}

/** The aggregations the real schema accepts for float and location signals in `signals(...)`. */
export const FLOAT_AGGREGATIONS = ["AVG", "MED", "MAX", "MIN", "RAND", "FIRST", "LAST"] as const;
export type FloatAggregation = (typeof FLOAT_AGGREGATIONS)[number];
export const LOCATION_AGGREGATIONS = ["AVG", "RAND", "FIRST", "LAST"] as const;
export type LocationAggregation = (typeof LOCATION_AGGREGATIONS)[number];

/**
 * `vinVCLatest` needs the VIN credential privilege; `segments` and `events` need both non-location and location
 * history.
 */
export const VIN_CREDENTIAL_PRIVILEGE: PrivilegeId = 5;
export const SEGMENTS_PRIVILEGES: readonly PrivilegeId[] = [1, 4];

/**
 * `segments` refuses a range longer than this, and a `limit` above SEGMENTS_LIMIT_MAX. 31 days is what the real
 * schema documents; the real service's code (and so the sandbox) allows up to 32 days and a second, so a client that
 * keeps within 31 is safe with both.
 */
export const SEGMENTS_MAX_RANGE_DAYS = 31;
export const SEGMENTS_LIMIT_DEFAULT = 100;
export const SEGMENTS_LIMIT_MAX = 200;
