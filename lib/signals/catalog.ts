/**
 * The one catalog of DIMO's signals (`SignalCollection` in DIMO-Network/telemetry-api, schema/*.graphqls): each
 * signal's kind, the unit the schema documents, the privileges it needs and its description, which the sandbox serves
 * and scripts/trigger-signal-catalog.ts lists for Vehicle Triggers; and, for the dashboard, its group in DIMO's
 * signal tree, words for people and how a value reads. No I/O, so client components and the sandbox may import it.
 */
import type { PrivilegeId } from "@/lib/protocol";
import { CATALOG_ROWS, type CatalogRow } from "./catalog-rows";
import { SIGNAL_DESCRIPTIONS } from "./descriptions";

export type { SignalKind } from "./catalog-rows";

export interface CatalogSignal extends CatalogRow {
  group: SignalGroupId;
  /** Any one of these privileges allows the field. */
  anyOf: readonly PrivilegeId[];
  /** What the signal is, in DIMO's words. */
  description: string;
}

export const SIGNAL_GROUP_IDS = [
  "location",
  "vehicle",
  "powertrain",
  "battery",
  "charging",
  "fuel",
  "engine",
  "chassis",
  "body",
  "obd",
  "service",
] as const;
export type SignalGroupId = (typeof SIGNAL_GROUP_IDS)[number];

export interface SignalGroup {
  id: SignalGroupId;
  label: string;
  description: string;
}

/** The groups in the order the Overview lists them. */
export const SIGNAL_GROUPS: readonly SignalGroup[] = [
  { id: "location", label: "Location", description: "Where the vehicle is, its heading and altitude." },
  { id: "vehicle", label: "Vehicle", description: "Motion, ignition, the weather, the 12 V battery, connectivity." },
  { id: "powertrain", label: "Powertrain", description: "Type, range, odometer and transmission." },
  { id: "battery", label: "Traction battery", description: "Charge, health, power and temperature." },
  { id: "charging", label: "Charging", description: "Cable, charging power and energy added." },
  { id: "fuel", label: "Fuel", description: "Tank level and consumption." },
  { id: "engine", label: "Combustion engine", description: "Engine speed, load, temperatures and oil." },
  { id: "chassis", label: "Chassis and tires", description: "Tire pressures, wheels and brakes." },
  { id: "body", label: "Body, doors and cabin", description: "Locks, doors, windows, trunks and seat belts." },
  { id: "obd", label: "OBD", description: "What an OBD-II reader reports, trouble codes included." },
  { id: "service", label: "Service", description: "When the next service is due." },
];

/**
 * A name's group from its VSS prefix, most specific first, so a signal the catalog does not list yet still lands in
 * its branch of the tree. Names under no branch (speed, isIgnitionOn, lowVoltageBattery...) are the vehicle's own.
 */
const GROUP_PREFIXES: readonly (readonly [string, SignalGroupId])[] = [
  ["currentLocation", "location"],
  ["powertrainTractionBatteryCharging", "charging"],
  ["powertrainTractionBattery", "battery"],
  ["powertrainFuelSystem", "fuel"],
  ["powertrainCombustionEngine", "engine"],
  ["powertrain", "powertrain"],
  ["chassis", "chassis"],
  ["body", "body"],
  ["cabin", "body"],
  ["obd", "obd"],
  ["service", "service"],
];

export function groupOf(name: string): SignalGroupId {
  return GROUP_PREFIXES.find(([prefix]) => name.startsWith(prefix))?.[1] ?? "vehicle";
}

/** How a schema unit is written after a number. */
const UNIT_SYMBOLS: Record<string, string> = { celsius: "°C", percent: "%", degrees: "°", "degrees/s": "°/s" };

export function unitSymbol(unit: string): string {
  return UNIT_SYMBOLS[unit] ?? unit;
}

/** The Telemetry API computes it from the precise location when asked; no vehicle sends it. */
export const APPROXIMATE_LOCATION_SIGNAL = "currentLocationApproximateCoordinates";

const LOCATION_PRIVILEGES: readonly PrivilegeId[] = [4];
const APPROXIMATE_LOCATION_PRIVILEGES: readonly PrivilegeId[] = [8, 4];
const NON_LOCATION_PRIVILEGES: readonly PrivilegeId[] = [1];

/** The schema's rule: the location branch needs all-time location (4), the approximate one also 8, the rest 1. */
function privilegesOf(name: string): readonly PrivilegeId[] {
  if (name === APPROXIMATE_LOCATION_SIGNAL) return APPROXIMATE_LOCATION_PRIVILEGES;
  return groupOf(name) === "location" ? LOCATION_PRIVILEGES : NON_LOCATION_PRIVILEGES;
}

export const SIGNAL_CATALOG: readonly CatalogSignal[] = CATALOG_ROWS.map((row) => ({
  ...row,
  group: groupOf(row.name),
  anyOf: privilegesOf(row.name),
  description: SIGNAL_DESCRIPTIONS[row.name] ?? "",
}));

const BY_NAME = new Map(SIGNAL_CATALOG.map((signal) => [signal.name, signal]));
/** Each signal's place in the catalog, which orders the rows of a group. */
const ORDER = new Map(SIGNAL_CATALOG.map((signal, index) => [signal.name, index]));

export function catalogSignal(name: string): CatalogSignal | undefined {
  return BY_NAME.get(name);
}

/** Orders names as the catalog lists them; names it does not know come last, alphabetically. */
export function compareSignalNames(a: string, b: string): number {
  const ia = ORDER.get(a) ?? Number.POSITIVE_INFINITY;
  const ib = ORDER.get(b) ?? Number.POSITIVE_INFINITY;
  if (ia !== ib) return ia < ib ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Words for a signal: its label, or the schema's name for one the catalog does not list. */
export function signalName(name: string): string {
  return BY_NAME.get(name)?.label ?? name;
}

/** Whether a grant holding `held` may read the signal; a name the catalog does not list is never asked for. */
export function mayRead(name: string, held: readonly PrivilegeId[]): boolean {
  return BY_NAME.get(name)?.anyOf.some((id) => held.includes(id)) ?? false;
}
