import { type LiveTimetable } from "../seed/vehicles";

/**
 * When a live vehicle may set off: on its timetable's departures, every `everyMinutes` of the local day from
 * `firstHour` until `endHour`, read in the vehicle's own time zone (daylight saving included).
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since local midnight (with the fraction) at an instant, in an IANA zone. */
export function localMinutes(timeZone: string, ms: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", hour: "numeric", minute: "numeric" });
    formats.set(timeZone, format);
  }
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(ms)) {
    if (part.type === "hour") hour = Number(part.value);
    if (part.type === "minute") minute = Number(part.value);
  }
  const withinMinute = (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS) / MINUTE_MS;
  return hour * 60 + minute + withinMinute;
}

/** The first departure at or after `afterMs`, in epoch milliseconds. */
export function nextDeparture(timetable: LiveTimetable, afterMs: number): number {
  const first = timetable.firstHour * 60;
  const end = timetable.endHour * 60;
  const now = localMinutes(timetable.timeZone, afterMs);
  const steps = Math.max(0, Math.ceil((now - first) / timetable.everyMinutes - 1e-9));
  let wanted = first + steps * timetable.everyMinutes;
  if (wanted >= end) wanted = first + DAY_MINUTES;
  let departure = Math.round(afterMs + (wanted - now) * MINUTE_MS);
  // Across a change of the clocks overnight the local morning is an hour nearer or further: correct by what the
  // zone reads at the departure found.
  const drift = localMinutes(timetable.timeZone, departure) - (wanted % DAY_MINUTES);
  if (drift !== 0 && Math.abs(drift) <= 120) departure -= Math.round(drift * MINUTE_MS);
  return departure < afterMs ? nextDeparture(timetable, afterMs + MINUTE_MS) : departure;
}
