import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TimeZoneChoice, dayBounds, dayOf, midnightAfter } from "@/lib/format/time";
import { readWindow, tripsPerDay, windowBounds, windowParams } from "./time-window";

const params = (query: string) => new URLSearchParams(query);
/** Midnight starting a day in the zone (local unless said). */
const dayStartMs = (day: string, zone: TimeZoneChoice = "local") => dayBounds(day, zone)?.from ?? NaN;
const at = (day: string, hour: number) => dayStartMs(day) + hour * 3_600_000;

/** The describe block's tests run with Node's local time zone set to `zone` (Node reads TZ again when it changes). */
function inLocalZone(zone: string): void {
  const before = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = zone;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}

describe("the time window in the URL", () => {
  it("reads the choices and round-trips them", () => {
    for (const query of ["range=7d", "range=30d", "range=custom&from=2024-01-02&to=2024-01-09"]) {
      const window = readWindow(params(query));
      expect(new URLSearchParams(windowParams(window)).toString()).toBe(query);
    }
    expect(windowParams(readWindow(params("")))).toEqual({});
  });

  it.each([
    "range=year",
    "range=custom&from=2024-01-09&to=2024-01-02",
    "range=custom&from=2024-02-30&to=2024-03-01",
    "range=custom&from=x&to=y",
  ])("reads %s as the whole history", (query) => expect(readWindow(params(query))).toEqual({ kind: "all" }));
});

describe("windowBounds", () => {
  it("ends relative windows now and takes custom days whole", () => {
    const now = Date.UTC(2024, 5, 10, 12);
    expect(windowBounds({ kind: "7d" }, now, "local")).toEqual({ from: now - 7 * 86_400_000, to: now });
    expect(windowBounds({ kind: "all" }, now, "local")).toBeNull();
    expect(windowBounds({ kind: "custom", from: "2024-01-02", to: "2024-01-02" }, now, "local")).toEqual({
      from: dayStartMs("2024-01-02"),
      to: dayStartMs("2024-01-03"),
    });
  });

  describe("with the viewer in New York", () => {
    inLocalZone("America/New_York");
    it("takes a custom range's days in the zone the page shows times in", () => {
      const range = { kind: "custom", from: "2024-01-02", to: "2024-01-03" } as const;
      expect(windowBounds(range, 0, "utc")).toEqual({ from: Date.UTC(2024, 0, 2), to: Date.UTC(2024, 0, 4) });
      // New York's midnights are five hours after UTC's in winter.
      expect(windowBounds(range, 0, "local")).toEqual({ from: Date.UTC(2024, 0, 2, 5), to: Date.UTC(2024, 0, 4, 5) });
      // Relative windows end now in any zone.
      expect(windowBounds({ kind: "7d" }, 1e12, "utc")).toEqual(windowBounds({ kind: "7d" }, 1e12, "local"));
    });
  });
});

describe("tripsPerDay", () => {
  it("counts per local day with the empty days in between", () => {
    const times = [at("2024-01-01", 8), at("2024-01-01", 23), at("2024-01-04", 0), NaN];
    const { firstDay, counts } = tripsPerDay(times, null, "local");
    expect(dayOf(firstDay, "local")).toBe("2024-01-01");
    expect(counts).toEqual([2, 0, 0, 1]);
  });

  describe("with the viewer in New York", () => {
    inLocalZone("America/New_York");
    it("counts per UTC day when the page shows times in UTC, and per New York day when it shows them there", () => {
      // 18:30 and 20:00 on Jan 1 in New York: one local day, two UTC ones.
      const times = [Date.UTC(2024, 0, 1, 23, 30), Date.UTC(2024, 0, 2, 1)];
      const utc = tripsPerDay(times, null, "utc");
      expect(utc).toEqual({ firstDay: Date.UTC(2024, 0, 1), counts: [1, 1], zone: "utc" });
      const local = tripsPerDay(times, null, "local");
      expect(local).toEqual({ firstDay: Date.UTC(2024, 0, 1, 5), counts: [2], zone: "local" });
      // A UTC custom day holds exactly its UTC hours.
      const day = windowBounds({ kind: "custom", from: "2024-01-02", to: "2024-01-02" }, 0, "utc");
      expect(tripsPerDay(times, day, "utc")).toEqual({ firstDay: Date.UTC(2024, 0, 2), counts: [1], zone: "utc" });
    });
  });

  it("spans the whole window, empty days at its ends included, and leaves out what is outside", () => {
    const times = [at("2023-12-31", 12), at("2024-01-02", 12)];
    const bounds = windowBounds({ kind: "custom", from: "2024-01-01", to: "2024-01-03" }, 0, "local");
    const { firstDay, counts } = tripsPerDay(times, bounds, "local");
    expect(dayOf(firstDay, "local")).toBe("2024-01-01");
    expect(counts).toEqual([0, 1, 0]);
  });

  it("counts a history whose clock ran centuries ahead without a table per hour of it", () => {
    const far = at("2024-01-01", 12) + 200 * 365 * 86_400_000;
    const { counts } = tripsPerDay([at("2024-01-01", 8), at("2024-01-01", 9), far], null, "local");
    expect(counts[0]).toBe(2);
    expect(counts.at(-1)).toBe(1);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
  });

  describe("in a time zone with daylight saving", () => {
    // Local days below are New York's.
    inLocalZone("America/New_York");
    // A history from a winter day (summer midnights come an hour early) and one from a summer day (winter ones late).
    it.each(["2023-01-01", "2023-06-01"])(
      "puts every trip on its local calendar day across the 23- and 25-hour days, from %s",
      (from) => {
        const times: number[] = [];
        // Every 37 minutes for two years: both clock changes of each year, and trips right around midnight.
        for (let t = dayStartMs(from); t < dayStartMs(from) + 730 * 86_400_000; t += 37 * 60_000) times.push(t);
        times.push(
          dayStartMs("2024-03-10"),
          dayStartMs("2024-03-11") - 1,
          dayStartMs("2024-11-03"),
          dayStartMs("2024-11-04") - 1,
        );
        const { firstDay, counts } = tripsPerDay(times, null, "local");
        const expected = new Map<string, number>();
        for (const t of [...times].sort((a, b) => a - b))
          expected.set(dayOf(t, "local"), (expected.get(dayOf(t, "local")) ?? 0) + 1);
        const dayAt = (i: number) => dayOf(midnightAfter(firstDay, i, "local"), "local");
        expect(counts.length).toBe(expected.size);
        expect(counts.map((n, i) => [dayAt(i), n])).toEqual([...expected.entries()]);
      },
    );
  });
});
