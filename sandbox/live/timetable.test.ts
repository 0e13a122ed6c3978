import { describe, expect, it } from "vitest";
import { type LiveTimetable } from "../seed/vehicles";
import { localMinutes, nextDeparture } from "./timetable";

const TIMETABLE: LiveTimetable = {
  timeZone: "America/New_York",
  firstHour: 7,
  endHour: 22,
  everyMinutes: 20,
  placeRadiusMiles: 2,
};
const at = (iso: string) => Date.parse(iso);
const departure = (iso: string) => new Date(nextDeparture(TIMETABLE, at(iso))).toISOString();

describe("a live vehicle's timetable", () => {
  it("reads the local time of day in the vehicle's zone", () => {
    expect(localMinutes("America/New_York", at("2026-07-01T11:30:30Z"))).toBe(7 * 60 + 30.5);
    expect(localMinutes("America/New_York", at("2026-01-15T12:00:00Z"))).toBe(7 * 60);
  });

  it("leaves on the next departure of the local day, and at 07:00 the next morning after the last", () => {
    // 07:00 EDT is 11:00 UTC; departures every 20 minutes, the last at 21:40.
    expect(departure("2026-07-01T11:00:00Z")).toBe("2026-07-01T11:00:00.000Z");
    expect(departure("2026-07-01T11:00:00.001Z")).toBe("2026-07-01T11:20:00.000Z");
    expect(departure("2026-07-01T14:05:00Z")).toBe("2026-07-01T14:20:00.000Z");
    expect(departure("2026-07-02T01:40:00Z")).toBe("2026-07-02T01:40:00.000Z");
    expect(departure("2026-07-02T01:41:00Z")).toBe("2026-07-02T11:00:00.000Z");
    expect(departure("2026-07-01T08:00:00Z")).toBe("2026-07-01T11:00:00.000Z");
  });

  it("keeps 07:00 local across the changes of the clocks", () => {
    // The evening before spring forward (EST) and before fall back (EDT).
    expect(departure("2026-03-08T03:00:00Z")).toBe("2026-03-08T11:00:00.000Z");
    expect(departure("2026-11-01T03:00:00Z")).toBe("2026-11-01T12:00:00.000Z");
  });
});
