import { describe, expect, it } from "vitest";
import type { Trip, TripsPage } from "@/lib/models";
import { TRIPS_PAGE_SIZE } from "@/lib/protocol";
import { makeTrip } from "@/test-support/trips";
import { type DayBounds, type DaySearchResult, findDayPage } from "./trip-day-search";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EPOCH = Date.UTC(2025, 0, 1);

/** A vehicle whose trips start at the given times (any order), paged as the service pages them: newest first. */
function vehicle(startTimes: number[]) {
  const trips: Trip[] = [...startTimes]
    .sort((a, b) => b - a)
    .map((t, i) =>
      makeTrip({
        id: `trip-${startTimes.length - 1 - i}`,
        startTime: new Date(t).toISOString(),
        endTime: new Date(t + 20 * 60_000).toISOString(),
      }),
    );
  const totalPages = Math.ceil(trips.length / TRIPS_PAGE_SIZE);
  const readPage = async (page: number): Promise<TripsPage> => ({
    trips: trips.slice((page - 1) * TRIPS_PAGE_SIZE, page * TRIPS_PAGE_SIZE),
    totalPages,
    currentPage: page,
  });
  return { trips, totalPages, readPage };
}

/** What the search must answer, found by looking at every trip. */
function expected(trips: Trip[], day: DayBounds): DaySearchResult["kind"] | { page: number; tripId?: string } {
  if (trips.length === 0) return "empty";
  const starts = trips.map((trip) => Date.parse(trip.start.time));
  if (Math.max(...starts) < day.from) return "after";
  const index = starts.findIndex((t) => t < day.to);
  if (index < 0) return "before";
  const page = Math.floor(index / TRIPS_PAGE_SIZE) + 1;
  return (starts[index] ?? NaN) >= day.from ? { page, tripId: trips[index]?.id } : { page };
}

function summary(result: DaySearchResult): DaySearchResult["kind"] | { page: number; tripId?: string } {
  if (result.kind === "found") return { page: result.page, tripId: result.tripId };
  if (result.kind === "none") return { page: result.page };
  return result.kind;
}

const dayAt = (ms: number): DayBounds => {
  const from = Math.floor(ms / DAY) * DAY;
  return { from, to: from + DAY };
};

describe("findDayPage", () => {
  // 97 trips a day (so days and pages do not line up), every day for 1,030 days: 99,910 trips, 1,000 pages.
  const even = vehicle(
    Array.from({ length: 99_910 }, (_, i) => EPOCH + Math.floor(i / 97) * DAY + (i % 97) * 10 * 60_000),
  );

  it("finds the page and the day's newest trip on an even history, reading at most five pages (a bisection: twelve)", async () => {
    for (const d of [0, 1, 17, 333, 500, 998, 1_029]) {
      const day = dayAt(EPOCH + d * DAY);
      const search = await findDayPage(even.readPage, day);
      expect(summary(search.result), `day ${d}`).toEqual(expected(even.trips, day));
      expect(search.result.kind).toBe("found");
      expect(search.pagesRead.length, `day ${d}: ${search.pagesRead.join(",")}`).toBeLessThanOrEqual(5);
    }
  });

  it("hands over the page it read, so the browser need not read it again", async () => {
    const day = dayAt(EPOCH + 400 * DAY);
    const { result } = await findDayPage(even.readPage, day);
    if (result.kind !== "found") throw new Error(`expected found, got ${result.kind}`);
    expect(result.trips).toEqual(await even.readPage(result.page));
    expect(result.trips.trips.some((trip) => trip.id === result.tripId)).toBe(true);
  });

  it("says a day before the first trip or after the last, reading at most two pages", async () => {
    const before = await findDayPage(even.readPage, dayAt(EPOCH - 3 * DAY));
    expect(before.result).toEqual({ kind: "before", firstTripStart: even.trips.at(-1)?.start.time });
    expect(before.pagesRead).toEqual([1, even.totalPages]);
    const after = await findDayPage(even.readPage, dayAt(EPOCH + 1_100 * DAY));
    expect(after.result).toEqual({ kind: "after", lastTripStart: even.trips[0]?.start.time });
    expect(after.pagesRead).toEqual([1]);
  });

  it("a day without trips between trips opens the page of the trip before it", async () => {
    // Trips every day but the 250th to 259th.
    const gappy = vehicle(
      Array.from({ length: 2_000 }, (_, i) => EPOCH + i * DAY + 9 * HOUR).filter(
        (t) => (t - EPOCH) / DAY < 250 || (t - EPOCH) / DAY >= 260,
      ),
    );
    const day = dayAt(EPOCH + 255 * DAY);
    const { result } = await findDayPage(gappy.readPage, day);
    expect(result.kind).toBe("none");
    expect(summary(result)).toEqual(expected(gappy.trips, day));
  });

  it("agrees with a look at every trip on an uneven history, within twice a bisection's reads", async () => {
    // Bursts: a quiet first year with a trip a week, then a busy month with 80 a day, then a trip a day.
    const quiet = Array.from({ length: 52 }, (_, i) => EPOCH + i * 7 * DAY + 12 * HOUR);
    const busy = Array.from(
      { length: 2_400 },
      (_, i) => EPOCH + 365 * DAY + Math.floor(i / 80) * DAY + (i % 80) * 15 * 60_000,
    );
    const daily = Array.from({ length: 600 }, (_, i) => EPOCH + 400 * DAY + i * DAY + 18 * HOUR);
    const uneven = vehicle([...quiet, ...busy, ...daily]);
    const bound = 2 * (Math.ceil(Math.log2(uneven.totalPages)) + 1);
    let most = 0;
    for (let d = -2; d < 1_002; d += 7) {
      const day = dayAt(EPOCH + d * DAY);
      const search = await findDayPage(uneven.readPage, day);
      expect(summary(search.result), `day ${d}`).toEqual(expected(uneven.trips, day));
      expect(search.pagesRead.length, `day ${d}`).toBeLessThanOrEqual(bound);
      most = Math.max(most, search.pagesRead.length);
      expect(new Set(search.pagesRead).size, `day ${d}: a page read twice`).toBe(search.pagesRead.length);
    }
    // A bisection would read at most 2 + log2(31) = 7; the guesses average under 4 here, at the cost of a worse worst case.
    expect(most).toBeLessThanOrEqual(bound);
  });

  it("a vehicle without trips, and one with a single page", async () => {
    expect((await findDayPage(vehicle([]).readPage, dayAt(EPOCH))).result).toEqual({ kind: "empty" });
    const small = vehicle([EPOCH + 9 * HOUR, EPOCH + 2 * DAY + 9 * HOUR]);
    const search = await findDayPage(small.readPage, dayAt(EPOCH + 2 * DAY));
    expect(summary(search.result)).toEqual({ page: 1, tripId: "trip-1" });
    expect(search.pagesRead).toEqual([1]);
    expect((await findDayPage(small.readPage, dayAt(EPOCH + DAY))).result.kind).toBe("none");
  });
});
