import { describe, expect, it } from "vitest";
import { dayBounds, formatDate, formatDateTime, formatStableUtc, formatTime, isSameDay } from "./time";

/** Times for people name their zone: the viewer's (as the runtime names it) or UTC. */

const INSTANT = "2026-03-14T22:05:09.123Z";
// The runtime's own name for its zone at that instant ("UTC", "GMT+1", "EST"...), as a reader of the page sees it.
const localZone =
  new Intl.DateTimeFormat(undefined, { timeZoneName: "short" })
    .formatToParts(new Date(INSTANT))
    .find((part) => part.type === "timeZoneName")?.value ?? "";

describe("times with their zone", () => {
  it("in UTC, a date and time and a time say UTC, and the date is the UTC day", () => {
    expect(formatDateTime(INSTANT, "utc")).toMatch(/2026/);
    expect(formatDateTime(INSTANT, "utc")).toMatch(/14/);
    expect(formatDateTime(INSTANT, "utc")).toMatch(/10:05\sPM UTC$|22:05 UTC$/);
    expect(formatTime(INSTANT, "utc")).toMatch(/^(10:05\sPM|22:05) UTC$/);
    expect(formatDate(INSTANT, "utc")).not.toMatch(/UTC/);
  });

  it("in the viewer's zone, the zone's own name ends the text", () => {
    expect(localZone).not.toBe("");
    expect(formatDateTime(INSTANT).endsWith(localZone)).toBe(true);
    expect(formatTime(INSTANT, "local").endsWith(localZone)).toBe(true);
  });

  it("an unreadable time reads unknown", () => {
    expect(formatDateTime("not a time", "utc")).toBe("unknown");
    expect(formatStableUtc(Number.NaN)).toBe("unknown");
  });

  it("the server's text depends on neither locale nor zone", () => {
    expect(formatStableUtc(INSTANT)).toBe("2026-03-14 22:05 UTC");
    expect(formatStableUtc(INSTANT, "time")).toBe("22:05 UTC");
    expect(formatStableUtc(Date.parse(INSTANT), "date")).toBe("2026-03-14");
  });

  it("the same day depends on the zone", () => {
    expect(isSameDay("2026-03-14T01:00:00Z", "2026-03-14T23:00:00Z", "utc")).toBe(true);
    expect(isSameDay("2026-03-14T23:00:00Z", "2026-03-15T00:30:00Z", "utc")).toBe(false);
  });
});

describe("dayBounds", () => {
  it("a UTC day is its 24 hours from midnight UTC", () => {
    expect(dayBounds("2026-03-14", "utc")).toEqual({ from: Date.UTC(2026, 2, 14), to: Date.UTC(2026, 2, 15) });
    expect(dayBounds(" 2026-3-4 ", "utc")).toEqual({ from: Date.UTC(2026, 2, 4), to: Date.UTC(2026, 2, 5) });
  });

  it("a local day runs from local midnight to the next (23 to 25 hours across a change of clocks)", () => {
    for (const day of ["2026-03-08", "2026-03-29", "2026-07-01", "2026-11-01"]) {
      const bounds = dayBounds(day, "local");
      if (!bounds) throw new Error(`${day} should be a day`);
      expect(new Date(bounds.from).getHours()).toBe(0);
      expect(new Date(bounds.to).getHours()).toBe(0);
      expect(bounds.to - bounds.from).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect(bounds.to - bounds.from).toBeLessThanOrEqual(25 * 3_600_000);
    }
  });

  it("what is not a real day is none", () => {
    for (const text of [
      "",
      "2026-02-30",
      "2026-13-01",
      "2026-00-10",
      "26-03-14",
      "14/03/2026",
      "next tuesday",
      "1969-12-31",
      "2026-03-14T00:00",
    ]) {
      expect(dayBounds(text, "utc"), text).toBeNull();
      expect(dayBounds(text, "local"), text).toBeNull();
    }
  });
});
