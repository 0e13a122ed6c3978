import { describe, expect, it } from "vitest";
import type { DrivingEvent, Trip } from "@/lib/models";
import { eventSpanOf, eventsByTrip, summarizeEvents } from "./trip-events";

const trip = (id: string, start: string, end: string) =>
  ({ id, start: { time: start }, end: { time: end } }) as unknown as Trip;
const event = (name: string, timestamp: string): DrivingEvent => ({
  name,
  timestamp,
  source: "sandbox",
  durationNs: 0,
  metadata: null,
});

const trips = [
  trip("b", "2026-11-20T10:00:00Z", "2026-11-20T10:30:00Z"),
  trip("a", "2026-11-19T08:00:00Z", "2026-11-19T08:20:00Z"),
];

describe("trip events", () => {
  it("spans the page from its oldest start to just past its newest end", () => {
    expect(eventSpanOf(trips)).toEqual({ from: "2026-11-19T08:00:00.000Z", to: "2026-11-20T10:30:01.000Z" });
    expect(eventSpanOf([])).toBeNull();
  });

  it("gives each event to the trip it happened in, in time order, and drops those between trips", () => {
    const byTrip = eventsByTrip(trips, [
      event("behavior.harshBraking", "2026-11-20T10:20:00Z"),
      event("behavior.harshCornering", "2026-11-20T10:05:00Z"),
      event("behavior.harshBraking", "2026-11-19T12:00:00Z"),
      event("behavior.harshAcceleration", "2026-11-19T08:00:00Z"),
    ]);
    expect(byTrip.get("b")?.map((e) => e.name)).toEqual(["behavior.harshCornering", "behavior.harshBraking"]);
    expect(byTrip.get("a")?.map((e) => e.name)).toEqual(["behavior.harshAcceleration"]);
    expect(byTrip.size).toBe(2);
  });

  it("counts a trip's events by name in words", () => {
    const summary = summarizeEvents([
      event("behavior.harshCornering", "2026-11-20T10:05:00Z"),
      event("behavior.harshBraking", "2026-11-20T10:06:00Z"),
      event("behavior.harshBraking", "2026-11-20T10:07:00Z"),
      event("behavior.idling", "2026-11-20T10:08:00Z"),
    ]);
    expect(summary.map((s) => s.text)).toEqual(["2 harsh brakings", "1 harsh cornering", "1 idling"]);
  });
});
