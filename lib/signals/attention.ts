import { formatNumber } from "@/lib/format/numbers";
import { type SignalValue } from "@/lib/models";
import { signalName } from "./catalog";
import { formatSignal } from "./format";

/**
 * What in a vehicle's latest signals needs someone's attention, most urgent first: stored trouble codes, a tire
 * warning or a tire far softer than the others, a low 12 V battery, a service due, and a door or window left open
 * while parked. Each rule reads only the values given (and, for "left open", the time passed in), so it is the same
 * on the server, in the browser and in a test.
 */

const ATTENTION_KINDS = ["trouble-codes", "tire", "low-battery", "service-due", "door-open", "window-open"] as const;
type AttentionKind = (typeof ATTENTION_KINDS)[number];

export interface AttentionItem {
  kind: AttentionKind;
  severity: "critical" | "warning";
  title: string;
  detail: string;
  /** The signals the item was read from. */
  signals: string[];
  /** When the newest of them was recorded (ISO 8601). */
  recordedAt: string;
}

/** A tire this far below the median of the others is flagged even before the car's own warning comes on. */
const TIRE_LOW_FRACTION = 0.15;
/** A resting 12 V lead-acid battery below this is about a quarter charged and may not start the car. */
const LOW_BATTERY_VOLTS = 12;
/** Service within this distance or time is shown as due. */
const SERVICE_DUE_KM = 1_000;
const SERVICE_DUE_SECONDS = 30 * 86_400;
/** A door opened when the ignition went off is someone getting out; still open after this, it was left open. */
export const LEFT_OPEN_AFTER_MS = 10 * 60_000;

const TIRES = [
  "chassisAxleRow1WheelLeftTirePressure",
  "chassisAxleRow1WheelRightTirePressure",
  "chassisAxleRow2WheelLeftTirePressure",
  "chassisAxleRow2WheelRightTirePressure",
] as const;
const DOORS = [
  "cabinDoorRow1DriverSideIsOpen",
  "cabinDoorRow1PassengerSideIsOpen",
  "cabinDoorRow2DriverSideIsOpen",
  "cabinDoorRow2PassengerSideIsOpen",
  "bodyTrunkFrontIsOpen",
  "bodyTrunkRearIsOpen",
] as const;
const WINDOWS = [
  "cabinDoorRow1DriverSideWindowIsOpen",
  "cabinDoorRow1PassengerSideWindowIsOpen",
  "cabinDoorRow2DriverSideWindowIsOpen",
  "cabinDoorRow2PassengerSideWindowIsOpen",
] as const;

type Values = ReadonlyMap<string, SignalValue>;

const numberOf = (values: Values, name: string): number | undefined => {
  const value = values.get(name)?.value;
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
};

function newest(values: Values, names: readonly string[]): string {
  let latest = "";
  for (const name of names) {
    const timestamp = values.get(name)?.timestamp;
    if (timestamp && (latest === "" || Date.parse(timestamp) > Date.parse(latest))) latest = timestamp;
  }
  return latest;
}

function item(values: Values, fields: Omit<AttentionItem, "recordedAt">): AttentionItem {
  return { ...fields, recordedAt: newest(values, fields.signals) };
}

/** The codes of `obdDTCList`: the service sends them comma-separated ("P0420,P0171"). */
export function troubleCodesOf(list: string): string[] {
  return list
    .split(/[\s,;]+/)
    .map((code) => code.trim())
    .filter((code) => code !== "");
}

function troubleCodes(values: Values): AttentionItem | null {
  const list = values.get("obdDTCList")?.value;
  const codes = typeof list === "string" ? troubleCodesOf(list) : [];
  if (codes.length > 0)
    return item(values, {
      kind: "trouble-codes",
      severity: "critical",
      title: codes.length === 1 ? "A trouble code is stored" : `${codes.length} trouble codes are stored`,
      detail: `The engine computer reports ${codes.join(", ")}.`,
      signals: ["obdDTCList"],
    });
  const count = numberOf(values, "obdStatusDTCCount") ?? 0;
  if (count <= 0) return null;
  return item(values, {
    kind: "trouble-codes",
    severity: "critical",
    title: count === 1 ? "A trouble code is stored" : `${formatNumber(count)} trouble codes are stored`,
    detail: "The engine computer reports stored trouble codes; the vehicle does not send which.",
    signals: ["obdStatusDTCCount"],
  });
}

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Tires far below the median of the others: needs three readings at least, so "the others" means something. */
export function lowTires(values: Values): { name: string; kPa: number; othersKPa: number }[] {
  const readings = TIRES.flatMap((name) => {
    const kPa = numberOf(values, name);
    return kPa === undefined ? [] : [{ name, kPa }];
  });
  if (readings.length < 3) return [];
  return readings.flatMap(({ name, kPa }) => {
    const othersKPa = median(readings.filter((other) => other.name !== name).map((other) => other.kPa));
    return othersKPa > 0 && kPa < othersKPa * (1 - TIRE_LOW_FRACTION) ? [{ name, kPa, othersKPa }] : [];
  });
}

function tires(values: Values): AttentionItem | null {
  const warningOn = (numberOf(values, "chassisTireSystemIsWarningOn") ?? 0) >= 0.5;
  const low = lowTires(values);
  if (!warningOn && low.length === 0) return null;
  const details = low.map(
    ({ name, kPa, othersKPa }) =>
      `${signalName(name)} at ${formatSignal(name, kPa)}, ${Math.round((1 - kPa / othersKPa) * 100)}% below the others ` +
      `(${formatSignal(name, othersKPa)}).`,
  );
  return item(values, {
    kind: "tire",
    severity: warningOn ? "critical" : "warning",
    title: warningOn ? "Tire pressure warning is on" : "A tire is low",
    detail:
      details.join(" ") ||
      "The vehicle's tire pressure monitor reports a problem; it does not send the pressures of its tires.",
    signals: [...(warningOn ? ["chassisTireSystemIsWarningOn"] : []), ...low.map((tire) => tire.name)],
  });
}

function lowBattery(values: Values): AttentionItem | null {
  const volts = numberOf(values, "lowVoltageBatteryCurrentVoltage");
  if (volts === undefined || volts >= LOW_BATTERY_VOLTS) return null;
  return item(values, {
    kind: "low-battery",
    severity: "warning",
    title: "The 12 V battery is low",
    detail: `${formatSignal("lowVoltageBatteryCurrentVoltage", volts)}: it may not start the car. Charge or test it.`,
    signals: ["lowVoltageBatteryCurrentVoltage"],
  });
}

function serviceDue(values: Values): AttentionItem | null {
  const km = numberOf(values, "serviceDistanceToService");
  const seconds = numberOf(values, "serviceTimeToService");
  const byDistance = km !== undefined && km <= SERVICE_DUE_KM;
  const byTime = seconds !== undefined && seconds <= SERVICE_DUE_SECONDS;
  if (!byDistance && !byTime) return null;
  const overdue = (km !== undefined && km < 0) || (seconds !== undefined && seconds < 0);
  const parts = [
    ...(byDistance && km !== undefined
      ? [
          km < 0
            ? `overdue by ${formatSignal("serviceDistanceToService", -km)}`
            : `due in ${formatSignal("serviceDistanceToService", km)}`,
        ]
      : []),
    ...(byTime && seconds !== undefined
      ? [
          seconds < 0
            ? formatSignal("serviceTimeToService", seconds)
            : `due in ${formatSignal("serviceTimeToService", seconds)}`,
        ]
      : []),
  ];
  return item(values, {
    kind: "service-due",
    severity: overdue ? "critical" : "warning",
    title: overdue ? "Service is overdue" : "Service is due soon",
    detail: `Service ${parts.join(", ")}.`,
    signals: [...(byDistance ? ["serviceDistanceToService"] : []), ...(byTime ? ["serviceTimeToService"] : [])],
  });
}

/** Open with the ignition off since at least LEFT_OPEN_AFTER_MS before `nowMs`; unknown ignition is not parked. */
function leftOpen(values: Values, names: readonly string[], nowMs: number): string[] {
  const ignition = numberOf(values, "isIgnitionOn");
  if (ignition === undefined || ignition >= 0.5) return [];
  return names.filter((name) => {
    const open = (numberOf(values, name) ?? 0) >= 0.5;
    const since = Date.parse(values.get(name)?.timestamp ?? "");
    return open && Number.isFinite(since) && nowMs - since >= LEFT_OPEN_AFTER_MS;
  });
}

function openWhileParked(values: Values, nowMs: number): AttentionItem[] {
  const doors = leftOpen(values, DOORS, nowMs);
  const windows = leftOpen(values, WINDOWS, nowMs);
  const list = (names: string[]) => names.map(signalName).join(", ");
  return [
    ...(doors.length > 0
      ? [
          item(values, {
            kind: "door-open",
            severity: "warning",
            title: doors.length === 1 ? "A door is open while parked" : "Doors are open while parked",
            detail: `Open with the ignition off: ${list(doors)}.`,
            signals: doors,
          }),
        ]
      : []),
    ...(windows.length > 0
      ? [
          item(values, {
            kind: "window-open",
            severity: "warning",
            title: windows.length === 1 ? "A window is open while parked" : "Windows are open while parked",
            detail: `Open with the ignition off: ${list(windows)}.`,
            signals: windows,
          }),
        ]
      : []),
  ];
}

const SEVERITY_ORDER = { critical: 0, warning: 1 } as const;

/**
 * The attention items of a vehicle's latest signals, critical ones first, then in the order of ATTENTION_KINDS.
 * `nowMs` is the time "left open" is measured against.
 */
export function attentionItems(signals: readonly SignalValue[], nowMs: number): AttentionItem[] {
  const values: Values = new Map(signals.map((signal) => [signal.name, signal]));
  const items = [
    troubleCodes(values),
    tires(values),
    lowBattery(values),
    serviceDue(values),
    ...openWhileParked(values, nowMs),
  ].filter((entry): entry is AttentionItem => entry !== null);
  return items.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      ATTENTION_KINDS.indexOf(a.kind) - ATTENTION_KINDS.indexOf(b.kind),
  );
}
