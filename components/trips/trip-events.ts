import type { DrivingEvent, Trip } from "@/lib/models";

/** A trips page's driving events (read by `tripEventsQuery`) shared out among its trips, and put in words. */

/** From the oldest trip's start to just after the newest trip's end (`to` is exclusive); null for no trips. */
export function eventSpanOf(trips: readonly Trip[]): { from: string; to: string } | null {
  const starts = trips.map((trip) => Date.parse(trip.start.time)).filter(Number.isFinite);
  const ends = trips.map((trip) => Date.parse(trip.end.time)).filter(Number.isFinite);
  if (starts.length === 0 || ends.length === 0) return null;
  const from = Math.min(...starts);
  const to = Math.max(...ends) + 1_000;
  return from < to ? { from: new Date(from).toISOString(), to: new Date(to).toISOString() } : null;
}

/** Each trip's events (start <= timestamp <= end), by trip id; trips without events are absent. */
export function eventsByTrip(trips: readonly Trip[], events: readonly DrivingEvent[]): Map<string, DrivingEvent[]> {
  const byTrip = new Map<string, DrivingEvent[]>();
  const spans = trips.map((trip) => ({
    id: trip.id,
    start: Date.parse(trip.start.time),
    end: Date.parse(trip.end.time),
  }));
  for (const event of events) {
    const at = Date.parse(event.timestamp);
    const trip = spans.find((span) => span.start <= at && at <= span.end);
    if (!trip) continue;
    const list = byTrip.get(trip.id) ?? [];
    list.push(event);
    byTrip.set(trip.id, list);
  }
  for (const list of byTrip.values()) list.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return byTrip;
}

const EVENT_LABELS: Record<string, [one: string, many: string]> = {
  "behavior.harshBraking": ["harsh braking", "harsh brakings"],
  "behavior.extremeBraking": ["extreme braking", "extreme brakings"],
  "behavior.harshAcceleration": ["harsh acceleration", "harsh accelerations"],
  "behavior.harshCornering": ["harsh cornering", "harsh cornerings"],
};

/** "harsh braking" for a known event, the name after its namespace otherwise ("behavior.idling" → "idling"). */
function eventLabel(name: string, count = 1): string {
  const known = EVENT_LABELS[name];
  if (known) return count === 1 ? known[0] : known[1];
  return name.slice(name.indexOf(".") + 1);
}

/** "2 harsh brakings, 1 harsh cornering": the trip's events counted by name, most frequent first. */
export function summarizeEvents(events: readonly DrivingEvent[]): { name: string; count: number; text: string }[] {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.name, (counts.get(event.name) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, count]) => ({ name, count, text: `${count} ${eventLabel(name, count)}` }));
}
