import { formatLatLng } from "@/lib/geo/trip-places";
import { type LatLng } from "@/lib/models";
import { unitSymbol } from "@/lib/signals/catalog";
import { signalInfo } from "@/lib/telemetry-signals";
import { formatNumber } from "./numbers";

/** Telemetry values for people: the unit the real schema documents, ignition in words, locations as coordinates. */

const DIGITS: Record<string, number> = { km: 1, "km/h": 0, "%": 0, "°C": 1, V: 2, "°": 0 };

export function formatSignalValue(name: string, value: number | string | LatLng): string {
  if (typeof value === "string") return value;
  if (typeof value === "object") return formatLatLng(value);
  if (name === "isIgnitionOn") return value >= 0.5 ? "On" : "Off";
  const unit = unitSymbol(signalInfo(name)?.unit ?? "");
  const digits = DIGITS[unit] ?? 2;
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  const number = formatNumber(rounded);
  if (unit === "") return number;
  return unit === "%" || unit === "°" || unit === "°C"
    ? `${number}${unit === "°C" ? " °C" : unit}`
    : `${number} ${unit}`;
}

/** How people name a signal: its label, or the schema's name for a signal the dashboard does not know. */
export function signalLabel(name: string): string {
  return signalInfo(name)?.label ?? name;
}

// Made on first use, as lib/format/time.ts's formatters are, so loading the module costs no locale data.
let relative: Intl.RelativeTimeFormat | undefined;
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "12 seconds ago", "3 hours ago", "yesterday": how long before `now` the instant was. */
export function formatRelativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "unknown";
  relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  let amount = Math.round((then - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return relative.format(amount, "year");
}
