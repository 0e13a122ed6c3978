import { describe, expect, it } from "vitest";
import type { Trip } from "@/lib/models";
import { fakeTripsService, makeTrip } from "@/test-support/trips";
import { LRUCache } from "lru-cache";
import { keptTripsBound, walkTripHistory } from "./trip-history";

/** Walks a vehicle's trips and collects them in the order handed on. */
async function walk(service: ReturnType<typeof fakeTripsService>, store: LRUCache<number, Trip[]>, tokenId = 1) {
  const trips: Trip[] = [];
  const pages: number[] = [];
  let started: number | undefined;
  const summary = await walkTripHistory(tokenId, service.fetchPage, store, {
    onStart: (n) => void (started = n),
    onPage: (page, n) => {
      trips.push(...page.trips);
      pages.push(n);
    },
  });
  return { trips, pages, started, summary };
}

describe("walkTripHistory", () => {
  it("walks every page the first time, then serves an unchanged vehicle with one request", async () => {
    const service = fakeTripsService(2_550);
    const store = new LRUCache(keptTripsBound());
    const first = await walk(service, store);
    expect(first.trips).toHaveLength(2_550);
    expect(service.stats.requested).toHaveLength(26);

    service.stats.requested.length = 0;
    const second = await walk(service, store);
    expect(service.stats.requested).toEqual([1]);
    expect(second.trips.map((t) => t.id)).toEqual(first.trips.map((t) => t.id));
    expect(second.pages).toEqual(first.pages);
    expect(second.started).toBe(26);
    expect(second.summary).toEqual({ pages: 26, trips: 2_550, truncated: false });
  });

  it("adds new trips at the front by reading pages until it meets a known one", async () => {
    const service = fakeTripsService(1_000);
    const store = new LRUCache(keptTripsBound());
    await walk(service, store);

    service.add(30);
    service.stats.requested.length = 0;
    const few = await walk(service, store);
    expect(service.stats.requested).toEqual([1]);
    expect(few.trips).toHaveLength(1_030);
    expect(few.trips[0]?.id).toBe("trip-1029");
    expect(few.trips.at(-1)?.id).toBe("trip-0");

    service.add(250);
    service.stats.requested.length = 0;
    const more = await walk(service, store);
    expect(service.stats.requested).toEqual([1, 2, 3]);
    expect(more.trips.map((t) => t.id)).toEqual(Array.from({ length: 1_280 }, (_, i) => `trip-${1_279 - i}`));
  });

  it("walks afresh when too many pages are new, or when the counts do not add up", async () => {
    const service = fakeTripsService(500);
    const store = new LRUCache(keptTripsBound());
    await walk(service, store);
    service.add(900);
    service.stats.requested.length = 0;
    const caughtUp = await walk(service, store);
    // Five pages of catching up, then the full walk of all 14 pages.
    expect(service.stats.requested.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(service.stats.requested).toHaveLength(5 + 14);
    expect(caughtUp.trips).toHaveLength(1_400);

    // A history that no longer matches the service (trips removed upstream) is replaced, not patched.
    store.set(1, [
      makeTrip({ id: "trip-1399" }),
      ...Array.from({ length: 300 }, (_, i) => makeTrip({ id: `gone-${i}` })),
    ]);
    service.stats.requested.length = 0;
    const replaced = await walk(service, store);
    expect(replaced.trips).toHaveLength(1_400);
    expect(service.stats.requested).toHaveLength(1 + 14);
  });

  it("keeps nothing from a walk cut short", async () => {
    const service = fakeTripsService(1_000);
    const store = new LRUCache(keptTripsBound());
    const controller = new AbortController();
    const walking = walkTripHistory(1, service.fetchPage, store, {
      signal: controller.signal,
      onPage: (_, n) => {
        if (n === 3) controller.abort();
      },
    });
    await expect(walking).rejects.toMatchObject({ name: "AbortError" });
    expect(store.get(1)).toBeUndefined();
  });
});

describe("the kept histories' bound", () => {
  it("keeps at most maxTrips in all, dropping the vehicles read least recently", () => {
    const trips = (n: number) => Array.from({ length: n }, (_, i) => makeTrip({ id: `t${i}` }));
    const store = new LRUCache(keptTripsBound(1_000));
    store.set(1, trips(400));
    store.set(2, trips(400));
    store.get(1);
    store.set(3, trips(400));
    expect(store.get(2)).toBeUndefined();
    expect(store.get(1)).toHaveLength(400);
    expect(store.get(3)).toHaveLength(400);
    // Replacing a vehicle's history counts only the new one.
    store.set(3, trips(500));
    expect(store.get(1)).toHaveLength(400);
    // A history bigger than the whole bound is not kept, and pushes nothing out.
    store.set(4, trips(1_001));
    expect(store.get(4)).toBeUndefined();
    expect(store.get(3)).toHaveLength(500);
    // A vehicle without trips is kept as well, not refused for its size.
    store.set(5, []);
    expect(store.get(5)).toEqual([]);
  });

  it("a walk stopped early keeps nothing; a kept history stops early too, without requests", async () => {
    const service = fakeTripsService(2_000);
    const store = new LRUCache(keptTripsBound());
    const stopAfter = (page: { currentPage: number }) => page.currentPage === 3;
    const stopped = await walkTripHistory(1, service.fetchPage, store, { onPage: () => undefined, stopAfter });
    expect(stopped).toEqual({ pages: 3, trips: 300, truncated: false, stopped: true });
    expect(store.get(1)).toBeUndefined();

    await walk(service, store);
    service.stats.requested.length = 0;
    const pages: number[] = [];
    const replayed = await walkTripHistory(1, service.fetchPage, store, {
      onPage: (_, n) => void pages.push(n),
      stopAfter,
    });
    expect(replayed).toEqual({ pages: 3, trips: 300, truncated: false, stopped: true });
    expect(pages).toEqual([1, 2, 3]);
    expect(service.stats.requested).toEqual([1]);
  });
});
