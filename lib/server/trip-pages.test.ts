import { describe, expect, it } from "vitest";
import type { TripsPage } from "@/lib/models";
import { fakeTripsService, makeTrip } from "@/test-support/trips";
import { walkTripPages } from "./trip-pages";

const fakeService = fakeTripsService;

describe("walkTripPages", () => {
  it("hands on every page once, in order, with at most `concurrency` requests at a time", async () => {
    // Early pages are slow, so later ones finish first and must wait their turn.
    const service = fakeService(950, (page) => (page % 3 === 0 ? 15 : 2));
    const seen: number[] = [];
    const summary = await walkTripPages(service.fetchPage, { concurrency: 3, onPage: (_, n) => void seen.push(n) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(summary).toEqual({ pages: 10, trips: 950, truncated: false });
    expect(service.stats.maxRunning).toBeLessThanOrEqual(3);
    expect(service.stats.maxRunning).toBeGreaterThan(1);
    expect([...service.stats.requested].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("handles a vehicle without trips with one request", async () => {
    const service = fakeService(0);
    let started: number | undefined;
    const summary = await walkTripPages(service.fetchPage, {
      onStart: (n) => void (started = n),
      onPage: () => undefined,
    });
    expect(started).toBe(0);
    expect(summary).toEqual({ pages: 0, trips: 0, truncated: false });
    expect(service.stats.requested).toEqual([1]);
  });

  it("stops requesting once the signal is aborted", async () => {
    const service = fakeService(10_000, () => 2);
    const controller = new AbortController();
    const walk = walkTripPages(service.fetchPage, {
      concurrency: 2,
      signal: controller.signal,
      onPage: (_, n) => {
        if (n === 5) controller.abort();
      },
    });
    await expect(walk).rejects.toMatchObject({ name: "AbortError" });
    // Pages up to 5 plus the two already asked for when it stopped; nothing of the other 93.
    expect(service.stats.requested.length).toBeLessThanOrEqual(7);
  });

  it("fails with the first page error and leaves no unhandled rejection", async () => {
    const failing = async (page: number): Promise<TripsPage> => {
      if (page === 3 || page === 4) throw new Error(`page ${page} failed`);
      return { trips: [makeTrip()], totalPages: 6, currentPage: page };
    };
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      await expect(walkTripPages(failing, { concurrency: 4, onPage: () => undefined })).rejects.toThrow(
        "page 3 failed",
      );
      // Page 4 failed too, with nobody left to await it; Node reports that once the current task is done.
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off("unhandledRejection", record);
    }
    expect(unhandled).toEqual([]);
  });

  it("stops at maxPages and says the walk was cut short", async () => {
    const service = fakeService(1_000);
    const summary = await walkTripPages(service.fetchPage, { maxPages: 4, onPage: () => undefined });
    expect(summary).toEqual({ pages: 4, trips: 400, truncated: true });
  });

  it("says a walk whose stopAfter picks the last page, or the only one, ended whole, not stopped", async () => {
    const atLast = await walkTripPages(fakeService(300).fetchPage, {
      onPage: () => undefined,
      stopAfter: (page) => page.currentPage === 3,
    });
    expect(atLast).toEqual({ pages: 3, trips: 300, truncated: false });
    const only = await walkTripPages(fakeService(50).fetchPage, { onPage: () => undefined, stopAfter: () => true });
    expect(only).toEqual({ pages: 1, trips: 50, truncated: false });
  });

  it("ends after the page stopAfter picks, requesting only a few pages past it", async () => {
    const service = fakeService(100_000);
    const seen: number[] = [];
    const summary = await walkTripPages(service.fetchPage, {
      concurrency: 4,
      onPage: (_, n) => void seen.push(n),
      stopAfter: (page) => page.currentPage === 6,
    });
    expect(summary).toEqual({ pages: 6, trips: 600, truncated: false, stopped: true });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    // Pages 7 to 9 may already be on their way (four at a time); nothing after them.
    expect(Math.max(...service.stats.requested)).toBeLessThanOrEqual(9);
  });
});
