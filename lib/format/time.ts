/**
 * Dates and durations for people. Formatting uses the runtime's locale and time zone, so call these in the browser
 * (client components) to show the viewer's own time zone.
 */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

export function formatDateTime(iso: string | number | Date): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "unknown" : dateTime.format(date);
}

export function formatDate(iso: string | number | Date): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "unknown" : dateOnly.format(date);
}

export function formatTime(iso: string | number | Date): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "unknown" : timeOnly.format(date);
}

/** Whether two instants fall on the same calendar day in the runtime's time zone. */
export function isSameLocalDay(a: string | number | Date, b: string | number | Date): boolean {
  return dateOnly.format(new Date(a)) === dateOnly.format(new Date(b));
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

const clockTime = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** The time of day to the second (`14:03:27`), for logs where several events share a minute. */
export function formatClockTime(iso: string | number | Date): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "unknown" : clockTime.format(date);
}
