/**
 * Dates and durations for people. Times are shown in the viewer's own time zone or in UTC (the person's choice, see
 * lib/hooks/use-time-zone.ts), and always say which: "Nov 23, 2026, 2:05 PM GMT+1", "2:05 PM UTC". Formatting in the
 * viewer's zone uses the runtime's locale and zone, so call these in the browser (client components); the server
 * render uses formatStableUtc, which depends on neither, so hydration never disagrees with the server's HTML.
 */

/** The zone times are shown in: the viewer's own, or UTC. */
export type TimeZoneChoice = "local" | "utc";
export const TIME_ZONE_CHOICES: readonly TimeZoneChoice[] = ["local", "utc"];

export type TimeStyle = "datetime" | "date" | "time";

// dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are spelled out.
const STYLE_PARTS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  datetime: {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  },
  date: { year: "numeric", month: "short", day: "numeric" },
  time: { hour: "numeric", minute: "2-digit", timeZoneName: "short" },
};

// One formatter per zone and style, made on first use (the viewer's locale and zone are fixed for a page's life).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(style: TimeStyle, zone: TimeZoneChoice): Intl.DateTimeFormat {
  const key = `${style}:${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(undefined, {
      ...STYLE_PARTS[style],
      ...(zone === "utc" ? { timeZone: "UTC" } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(iso: string | number | Date, style: TimeStyle, zone: TimeZoneChoice): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "unknown" : formatterFor(style, zone).format(date);
}

/** A date and time with its zone: "Nov 23, 2026, 2:05 PM GMT+1" (local) or "Nov 23, 2026, 1:05 PM UTC". */
export function formatDateTime(iso: string | number | Date, zone: TimeZoneChoice = "local"): string {
  return format(iso, "datetime", zone);
}

/** A calendar day in the zone: "Nov 23, 2026". */
export function formatDate(iso: string | number | Date, zone: TimeZoneChoice = "local"): string {
  return format(iso, "date", zone);
}

/** A time of day with its zone: "2:05 PM GMT+1", "1:05 PM UTC". */
export function formatTime(iso: string | number | Date, zone: TimeZoneChoice = "local"): string {
  return format(iso, "time", zone);
}

/** Any of the three styles, by name. */
export function formatInZone(iso: string | number | Date, style: TimeStyle, zone: TimeZoneChoice): string {
  return format(iso, style, zone);
}

/**
 * The same instant in UTC without the runtime's locale or zone ("2026-11-23 13:05 UTC", "13:05 UTC",
 * "2026-11-23"): what the server renders, and what the browser shows until it knows the viewer's choice.
 */
export function formatStableUtc(iso: string | number | Date, style: TimeStyle = "datetime"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "unknown";
  const text = date.toISOString();
  if (style === "date") return text.slice(0, 10);
  if (style === "time") return `${text.slice(11, 16)} UTC`;
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
}

/** Whether two instants fall on the same calendar day in the zone. */
export function isSameDay(
  a: string | number | Date,
  b: string | number | Date,
  zone: TimeZoneChoice = "local",
): boolean {
  return formatDate(a, zone) === formatDate(b, zone);
}

/** Midnight starting a day of the zone's calendar; the month from 0, and days past its end run on into the next. */
function midnight(year: number, month: number, day: number, zone: TimeZoneChoice): number {
  return zone === "utc" ? Date.UTC(year, month, day) : new Date(year, month, day).getTime();
}

/** The zone's year, month (from 0) and day holding `ms`. */
function calendarDay(ms: number, zone: TimeZoneChoice): [number, number, number] {
  const date = new Date(ms);
  return zone === "utc"
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()];
}

/** `[from, to)` of a calendar day `YYYY-MM-DD` in the zone (a local day is not always 24 hours), or null when it is not a real day. */
export function dayBounds(day: string, zone: TimeZoneChoice): { from: number; to: number } | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(day.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = midnight(y, m - 1, d, zone);
  const [year, month, date] = calendarDay(start, zone);
  // 2026-02-30 rolls over into March: not a real day.
  if (year !== y || month !== m - 1 || date !== d || y < 1970) return null;
  return { from: start, to: midnight(y, m - 1, d + 1, zone) };
}

/** The midnight `days` after the one starting the zone's day holding `ms` (a local day is not always 24 hours). */
export function midnightAfter(ms: number, days: number, zone: TimeZoneChoice): number {
  const [year, month, date] = calendarDay(ms, zone);
  return midnight(year, month, date + days, zone);
}

/** `YYYY-MM-DD` of the zone's day holding `ms`, as a date field takes it. */
export function dayOf(ms: number, zone: TimeZoneChoice): string {
  const [year, month, date] = calendarDay(ms, zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${year}-${pad(month + 1)}-${pad(date)}`;
}

/** `1 h 05 min`, `12 min`, `45 s`. Negative or invalid durations read "unknown". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "unknown";
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const totalMinutes = Math.round(totalSeconds / 60);
  if (totalMinutes < 60) return `${totalMinutes} min`;
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours < 48) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  const days = Math.floor(hours / 24);
  return `${days} d ${hours % 24} h`;
}

/** A countdown such as `6 d 23 h`, `4 min 09 s`; "expired" once the time has passed. */
export function formatCountdown(msLeft: number): string {
  if (!Number.isFinite(msLeft) || msLeft <= 0) return "expired";
  const seconds = Math.floor(msLeft / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return `${minutes} min ${String(rest).padStart(2, "0")} s`;
}

// Made on first use, not when the module loads: a page's first Intl formatter loads the locale's data, a cost that
// would otherwise land in the task that hydrates every page importing this module.
let clockTime: Intl.DateTimeFormat | undefined;

/** The time of day to the second (`14:03:27`), for logs where several events share a minute. */
export function formatClockTime(iso: string | number | Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "unknown";
  clockTime ??= new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return clockTime.format(date);
}
