import { type TimeZoneChoice, dayBounds, midnightAfter } from "@/lib/format/time";

/**
 * The all-trips time window: the last 7 or 30 days, everything, or a custom range of calendar days, kept in the URL
 * as `?range=7d|30d|all|custom&from=YYYY-MM-DD&to=YYYY-MM-DD` (both days included). Days are those of the zone the
 * person shows times in (their own, or UTC: lib/hooks/use-time-zone.ts), as every time on the page is.
 */

export type TimeWindow = { kind: "7d" | "30d" | "all" } | { kind: "custom"; from: string; to: string };

export const WINDOW_CHOICES = [
  { kind: "7d", label: "Last 7 days" },
  { kind: "30d", label: "Last 30 days" },
  { kind: "all", label: "All" },
  { kind: "custom", label: "Custom range" },
] as const;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a custom range's day is a real `YYYY-MM-DD` day (whatever the zone). */
export const isDay = (day: string) => DAY.test(day) && dayBounds(day, "utc") !== null;

/** The window a URL asks for; anything unreadable is the whole history. */
export function readWindow(params: { get(name: string): string | null }): TimeWindow {
  const range = params.get("range");
  if (range === "7d" || range === "30d") return { kind: range };
  if (range === "custom") {
    const from = params.get("from") ?? "";
    const to = params.get("to") ?? "";
    if (isDay(from) && isDay(to) && from <= to) return { kind: "custom", from, to };
  }
  return { kind: "all" };
}

/** The window's query parameters (none for the whole history). */
export function windowParams(window: TimeWindow): Record<string, string> {
  if (window.kind === "all") return {};
  if (window.kind === "custom") return { range: "custom", from: window.from, to: window.to };
  return { range: window.kind };
}

/** A time window as times: trips starting in `[from, to)`, Unix ms; null for every trip. */
export type WindowBounds = { from: number; to: number } | null;

/** A window's bounds, its days the zone's; relative windows end now. */
export function windowBounds(window: TimeWindow, nowMs: number, zone: TimeZoneChoice): WindowBounds {
  switch (window.kind) {
    case "all":
      return null;
    case "7d":
      return { from: nowMs - 7 * DAY_MS, to: nowMs };
    case "30d":
      return { from: nowMs - 30 * DAY_MS, to: nowMs };
    case "custom": {
      const first = dayBounds(window.from, zone);
      const last = dayBounds(window.to, zone);
      // Both are real days once read from a URL (readWindow); anything else is the whole history.
      return first && last ? { from: first.from, to: last.to } : null;
    }
  }
}

export function windowLabel(window: TimeWindow): string {
  if (window.kind === "custom")
    return window.from === window.to ? `on ${window.from}` : `from ${window.from} to ${window.to}`;
  return window.kind === "all" ? "in all" : window.kind === "7d" ? "in the last 7 days" : "in the last 30 days";
}

/** Whether a start time falls in the bounds (an unknown time only in the whole history). */
export function inBounds(startMs: number, bounds: WindowBounds): boolean {
  return bounds === null || (startMs >= bounds.from && startMs < bounds.to);
}

/** Trips per day, as the histogram shows them. */
export interface DayCounts {
  /** Midnight of the first day in `zone`, Unix milliseconds. */
  firstDay: number;
  /** Trips per day, zeros included. */
  counts: number[];
  zone: TimeZoneChoice;
}

export const sameBounds = (a: WindowBounds, b: WindowBounds) =>
  a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);

/** Trips per day of the zone from the first day to the last, zeros included so that gaps show. */
export function tripsPerDay(startTimes: readonly number[], bounds: WindowBounds, zone: TimeZoneChoice): DayCounts {
  let first = Infinity;
  let last = -Infinity;
  for (const t of startTimes) {
    if (!Number.isFinite(t) || !inBounds(t, bounds)) continue;
    if (t < first) first = t;
    if (t > last) last = t;
  }
  if (bounds) {
    first = Math.min(first, bounds.from);
    last = Math.max(Math.min(last, bounds.to - 1), bounds.to - 1);
  }
  if (!Number.isFinite(first) || !Number.isFinite(last)) return { firstDay: NaN, counts: [], zone };
  // Each midnight from the calendar (a local day is not always 24 hours long), once per day rather than once per
  // trip: a window's switch walks 100,000 trips, and a date conversion each cost it tens of milliseconds.
  const midnights = [midnightAfter(first, 0, zone)];
  for (let day = 1; (midnights[day - 1] ?? Infinity) <= last; day++) midnights.push(midnightAfter(first, day, zone));
  const firstDay = midnights[0] ?? NaN;
  const counts = new Array<number>(midnights.length - 1).fill(0);
  for (const t of startTimes) {
    if (!Number.isFinite(t) || !inBounds(t, bounds)) continue;
    // Whole days from the first midnight, then one step back or on where a shorter or longer day moved midnight.
    let day = Math.floor((t - firstDay) / DAY_MS);
    while (day > 0 && t < (midnights[day] ?? Infinity)) day--;
    while (t >= (midnights[day + 1] ?? Infinity)) day++;
    counts[day] = (counts[day] ?? 0) + 1;
  }
  return { firstDay, counts, zone };
}
