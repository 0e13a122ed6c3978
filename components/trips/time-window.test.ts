import { afterEach, describe, expect, it } from "vitest";
import { dayOf, dayStartMs, readWindow, tripsPerDay, windowBounds, windowParams } from "./time-window";

const params = (query: string) => new URLSearchParams(query);
const at = (day: string, hour: number) => dayStartMs(day) + hour * 3_600_000;

describe("the time window in the URL", () => {
  it("reads the choices and round-trips them", () => {
    for (const query of ["range=7d", "range=30d", "range=custom&from=2024-01-02&to=2024-01-09"]) {
      const window = readWindow(params(query));
      expect(new URLSearchParams(windowParams(window)).toString()).toBe(query);
    }
    expect(windowParams(readWindow(params("")))).toEqual({});
  });

  it.each(["range=year", "range=custom&from=2024-01-09&to=2024-01-02", "range=custom&from=2024-02-30&to=2024-03-01", "range=custom&from=x&to=y"])(
    "reads %s as the whole history",
    (query) => expect(readWindow(params(query))).toEqual({ kind: "all" }),
  );
});

describe("windowBounds", () => {
  it("ends relative windows now and takes custom days whole", () => {
    const now = Date.UTC(2024, 5, 10, 12);
    expect(windowBounds({ kind: "7d" }, now)).toEqual({ from: now - 7 * 86_400_000, to: now });
    expect(windowBounds({ kind: "all" }, now)).toBeNull();
    expect(windowBounds({ kind: "custom", from: "2024-01-02", to: "2024-01-02" }, now)).toEqual({
      from: dayStartMs("2024-01-02"),
      to: dayStartMs("2024-01-03"),
    });
  });
});

describe("tripsPerDay", () => {
  it("counts per local day with the empty days in between", () => {
    const times = [at("2024-01-01", 8), at("2024-01-01", 23), at("2024-01-04", 0), NaN];
    const { firstDay, counts } = tripsPerDay(times, null);
    expect(dayOf(firstDay)).toBe("2024-01-01");
    expect(counts).toEqual([2, 0, 0, 1]);
  });

  it("spans the whole window, empty days at its ends included, and leaves out what is outside", () => {
    const times = [at("2023-12-31", 12), at("2024-01-02", 12)];
    const bounds = windowBounds({ kind: "custom", from: "2024-01-01", to: "2024-01-03" }, 0);
    const { firstDay, counts } = tripsPerDay(times, bounds);
    expect(dayOf(firstDay)).toBe("2024-01-01");
    expect(counts).toEqual([0, 1, 0]);
  });

  it("counts a history whose clock ran centuries ahead without a table per hour of it", () => {
    const far = at("2024-01-01", 12) + 200 * 365 * 86_400_000;
    const { counts } = tripsPerDay([at("2024-01-01", 8), at("2024-01-01", 9), far], null);
    expect(counts[0]).toBe(2);
    expect(counts.at(-1)).toBe(1);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
  });

  describe("in a time zone with daylight saving", () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    // A history from a winter day (summer midnights come an hour early) and one from a summer day (winter ones late).
    it.each(["2023-01-01", "2023-06-01"])("puts every trip on its local calendar day across the 23- and 25-hour days, from %s", (from) => {
      // Node reads TZ again when it changes: local days below are New York's.
      process.env.TZ = "America/New_York";
      const times: number[] = [];
      // Every 37 minutes for two years: both clock changes of each year, and trips right around midnight.
      for (let t = dayStartMs(from); t < dayStartMs(from) + 730 * 86_400_000; t += 37 * 60_000) times.push(t);
      times.push(dayStartMs("2024-03-10"), dayStartMs("2024-03-11") - 1, dayStartMs("2024-11-03"), dayStartMs("2024-11-04") - 1);
      const { firstDay, counts } = tripsPerDay(times, null);
      const expected = new Map<string, number>();
      for (const t of [...times].sort((a, b) => a - b)) expected.set(dayOf(t), (expected.get(dayOf(t)) ?? 0) + 1);
      const dayAt = (i: number) => {
        const first = new Date(firstDay);
        return dayOf(new Date(first.getFullYear(), first.getMonth(), first.getDate() + i).getTime());
      };
      expect(counts.length).toBe(expected.size);
      expect(counts.map((n, i) => [dayAt(i), n])).toEqual([...expected.entries()]);
    });
  });
});
