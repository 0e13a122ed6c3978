import { formatNumber } from "@/lib/format/numbers";
import { formatDuration } from "@/lib/format/time";
import { formatLatLng } from "@/lib/geo/trip-places";
import { type LatLng } from "@/lib/models";
import { catalogSignal, unitSymbol } from "./catalog";

/** A signal's value for people, as the catalog says it reads: in its unit, a flag in words, a gear, a duration. */

/** VSS gear codes: 0 neutral, negative reverse, 126 park, 127 drive. */
function formatGear(value: number): string {
  if (value === 126) return "Park";
  if (value === 127) return "Drive";
  if (value === 0) return "Neutral";
  if (value < 0) return value === -1 ? "Reverse" : `Reverse ${-value}`;
  return formatNumber(value);
}

/** A whole number of seconds, which may be negative (a service already overdue). */
function formatSeconds(seconds: number): string {
  const text = formatDuration(Math.abs(seconds) * 1000);
  return seconds < 0 ? `${text} overdue` : text;
}

function withUnit(number: string, unit: string): string {
  if (unit === "") return number;
  const symbol = unitSymbol(unit);
  // "80%", "12°", but "21.5 °C" and "12.6 V".
  return symbol === "%" || symbol === "°" ? `${number}${symbol}` : `${number} ${symbol}`;
}

export function formatSignal(name: string, value: number | string | LatLng): string {
  if (typeof value === "object") return formatLatLng(value);
  const signal = catalogSignal(name);
  if (typeof value === "string") {
    // A list the service sends comma-separated, such as trouble codes, reads with spaces.
    return value === "" ? "none" : value.split(",").join(", ");
  }
  const display = signal?.display ?? { as: "number", digits: 2 };
  switch (display.as) {
    case "flag":
      return value >= 0.5 ? display.on : display.off;
    case "gear":
      return formatGear(value);
    case "duration":
      return formatSeconds(value);
    case "number": {
      const factor = 10 ** display.digits;
      return withUnit(formatNumber(Math.round(value * factor) / factor), signal?.unit ?? "");
    }
    default:
      return formatNumber(value);
  }
}
