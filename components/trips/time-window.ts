/**
 * The all-trips time window: the last 7 or 30 days, everything, or a custom range of calendar days, kept in the URL
 * as `?range=7d|30d|all|custom&from=YYYY-MM-DD&to=YYYY-MM-DD` (both days included, in the viewer's time zone).
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

/** Midnight starting a `YYYY-MM-DD` day in the local time zone, or NaN when it is not a real day. */
export function dayStartMs(day: string): number {
  if (!DAY.test(day)) return NaN;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date.getTime() : NaN;
}

/** `YYYY-MM-DD` of the local day holding `ms`. */
export function dayOf(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The next local midnight after the start of `day` (a day is not always 24 hours long). */
function nextDayStartMs(dayStart: number): number {
  const date = new Date(dayStart);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
}

/** The window a URL asks for; anything unreadable is the whole history. */
export function readWindow(params: { get(name: string): string | null }): TimeWindow {
  const range = params.get("range");
  if (range === "7d" || range === "30d") return { kind: range };
  if (range === "custom") {
    const from = params.get("from") ?? "";
    const to = params.get("to") ?? "";
    if (Number.isFinite(dayStartMs(from)) && Number.isFinite(dayStartMs(to)) && from <= to) return { kind: "custom", from, to };
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

/** A window's bounds; relative windows end now. */
export function windowBounds(window: TimeWindow, nowMs: number): WindowBounds {
  switch (window.kind) {
    case "all":
      return null;
    case "7d":
      return { from: nowMs - 7 * DAY_MS, to: nowMs };
    case "30d":
      return { from: nowMs - 30 * DAY_MS, to: nowMs };
    case "custom":
      return { from: dayStartMs(window.from), to: nextDayStartMs(dayStartMs(window.to)) };
  }
}

export function windowLabel(window: TimeWindow): string {
  if (window.kind === "custom") return window.from === window.to ? `on ${window.from}` : `from ${window.from} to ${window.to}`;
  return window.kind === "all" ? "in all" : window.kind === "7d" ? "in the last 7 days" : "in the last 30 days";
}

/** Whether a start time falls in the bounds (an unknown time only in the whole history). */
export function inBounds(startMs: number, bounds: WindowBounds): boolean {
  return bounds === null || (startMs >= bounds.from && startMs < bounds.to);
}

export const sameBounds = (a: WindowBounds, b: WindowBounds) => a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);

/** Trips per local day from the first day to the last, zeros included so that gaps show. */
export function tripsPerDay(startTimes: readonly number[], bounds: WindowBounds): { firstDay: number; counts: number[] } {
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
  if (!Number.isFinite(first) || !Number.isFinite(last)) return { firstDay: NaN, counts: [] };
  // Each local midnight from the calendar (a day is not always 24 hours long), once per day rather than once per
  // trip: a window's switch walks 100,000 trips, and a date conversion each cost it tens of milliseconds.
  const start = new Date(first);
  const midnights = [new Date(start.getFullYear(), start.getMonth(), start.getDate()).getTime()];
  for (let day = 1; (midnights[day - 1] ?? Infinity) <= last; day++) {
    midnights.push(new Date(start.getFullYear(), start.getMonth(), start.getDate() + day).getTime());
  }
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
  return { firstDay, counts };
}
