import type { Trip } from "@/lib/models";
import { tripStart } from "./trip-places";

/**
 * The all-trips stream: newline-delimited JSON from the server to the map, one message a line. Points travel as a
 * flat array `[lng, lat, lng, lat, ...]` rounded to five decimals (about a metre), which keeps 100,000 trips to a
 * few megabytes and lets the browser parse one small page at a time.
 */

export type AllTripsMessage =
  | { type: "start"; totalPages: number }
  | { type: "page"; page: number; trips: number; points: number[] }
  | { type: "done"; pages: number; trips: number; truncated: boolean }
  | { type: "error"; code: string; message: string; retryable: boolean };

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/** The start of every trip that has one (its own fix, else the estimate), flattened. */
export function startPointsOf(trips: readonly Trip[]): number[] {
  const points: number[] = [];
  for (const trip of trips) {
    const start = tripStart(trip).point;
    if (start) points.push(round5(start.longitude), round5(start.latitude));
  }
  return points;
}

export function encodeMessage(message: AllTripsMessage): string {
  return `${JSON.stringify(message)}\n`;
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** The message a parsed line holds, or null when it is not one (a newer server, a proxy's error page). */
export function toAllTripsMessage(value: unknown): AllTripsMessage | null {
  if (typeof value !== "object" || value === null) return null;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case "start":
      return isCount(m.totalPages) ? { type: "start", totalPages: m.totalPages } : null;
    case "page":
      if (!isCount(m.page) || !isCount(m.trips) || !Array.isArray(m.points) || m.points.length % 2 !== 0) return null;
      if (!m.points.every((n) => typeof n === "number" && Number.isFinite(n))) return null;
      return { type: "page", page: m.page, trips: m.trips, points: m.points as number[] };
    case "done":
      return isCount(m.pages) && isCount(m.trips)
        ? { type: "done", pages: m.pages, trips: m.trips, truncated: m.truncated === true }
        : null;
    case "error":
      return typeof m.code === "string" && typeof m.message === "string"
        ? { type: "error", code: m.code, message: m.message, retryable: m.retryable === true }
        : null;
    default:
      return null;
  }
}

/** Splits streamed text into complete lines, keeping a partial last line until the rest of it arrives. */
export class LineSplitter {
  private rest = "";

  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const lines = text.split("\n");
    this.rest = lines.pop() ?? "";
    return lines.filter((line) => line.trim() !== "");
  }

  /** The last line, when the stream ended without a newline. */
  flush(): string[] {
    const last = this.rest;
    this.rest = "";
    return last.trim() === "" ? [] : [last];
  }
}
