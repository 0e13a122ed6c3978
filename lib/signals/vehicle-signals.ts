import { type SignalValue, type TelemetryRefusal } from "@/lib/models";
import { type SignalGroup, SIGNAL_GROUPS, catalogSignal, compareSignalNames, groupOf } from "./catalog";

/**
 * Every signal a vehicle has, as the Overview lists it: the names the Telemetry API says the vehicle has sent
 * (`availableSignals`) and the latest value of each the grant lets the dashboard read.
 */
export interface VehicleSignals {
  /** When the vehicle last sent anything; null when it never has or nothing was read. */
  lastSeen: string | null;
  /** The names of the signals the vehicle has sent, as the service lists them. */
  available: string[];
  /** The latest value of each available signal that was read and has one. */
  signals: SignalValue[];
  /** Available signals not asked for: the grant does not allow them, or the dashboard does not know them. */
  unread: { name: string; reason: "privilege" | "unknown" }[];
  /** Fields the service refused although the grant seemed to allow them. */
  refused: TelemetryRefusal[];
}

export interface SignalRow {
  name: string;
  /** The latest value; absent when it was not read or the vehicle has none. */
  value?: SignalValue;
  /** Why there is no value, when there is none. */
  missing?: "privilege" | "unknown" | "refused" | "no-value";
}

export interface SignalGroupRows {
  group: SignalGroup;
  rows: SignalRow[];
}

/**
 * The available signals in the groups of DIMO's signal tree, in the Overview's order, each group's rows in the
 * catalog's order; a group the vehicle has no signal of is left out, so a BEV shows no fuel group and a combustion car
 * no battery or charging group. One row per available signal, whether or not its value could be read.
 */
export function groupSignals(data: VehicleSignals): SignalGroupRows[] {
  const values = new Map(data.signals.map((signal) => [signal.name, signal]));
  const unread = new Map(data.unread.map((entry) => [entry.name, entry.reason]));
  const refused = new Set(data.refused.map((refusal) => refusal.field));
  const names = [...new Set(data.available)].sort(compareSignalNames);
  const byGroup = new Map<string, SignalRow[]>();
  for (const name of names) {
    const value = values.get(name);
    const row: SignalRow = value
      ? { name, value }
      : { name, missing: unread.get(name) ?? (refused.has(name) ? "refused" : "no-value") };
    const group = catalogSignal(name)?.group ?? groupOf(name);
    byGroup.set(group, [...(byGroup.get(group) ?? []), row]);
  }
  return SIGNAL_GROUPS.flatMap((group) => {
    const rows = byGroup.get(group.id);
    return rows ? [{ group, rows }] : [];
  });
}
