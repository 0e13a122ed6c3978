import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "@/lib/models";
import { concernsVehicle, matchesFilters, newestFirst, parseActivityFilters, statusClassOf } from "./activity-filters";

function record(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: "a-1",
    at: "2024-01-01T00:00:00.000Z",
    method: "GET",
    service: "trips",
    path: "/",
    url: "http://127.0.0.1/",
    status: 200,
    durationMs: 1,
    attempts: 1,
    cache: "none",
    ...overrides,
  };
}

const NONE = { service: null, status: null, cache: null };

describe("activity filters", () => {
  it("read known values from the URL and treat unknown ones as all", () => {
    expect(parseActivityFilters(new URLSearchParams("service=trips&status=4xx&cache=hit"))).toEqual({ service: "trips", status: "4xx", cache: "hit" });
    expect(parseActivityFilters(new URLSearchParams("service=ftp&status=3xx&cache=maybe"))).toEqual(NONE);
    expect(parseActivityFilters(new URLSearchParams(""))).toEqual(NONE);
  });

  it("class statuses; failed is any call that ended in an error", () => {
    expect(statusClassOf({ status: 200 })).toEqual(["2xx"]);
    expect(statusClassOf({ status: 403, error: "refused" })).toEqual(["4xx", "failed"]);
    expect(statusClassOf({ status: 503, error: "down" })).toEqual(["5xx", "failed"]);
    expect(statusClassOf({ status: null, error: "timed out" })).toEqual(["failed"]);
    expect(statusClassOf({ status: null })).toEqual([]);
  });

  it("combine service, status and cache", () => {
    const failedTrips = record({ status: 401, error: "expired" });
    expect(matchesFilters(failedTrips, NONE)).toBe(true);
    expect(matchesFilters(failedTrips, { ...NONE, service: "trips", status: "failed" })).toBe(true);
    expect(matchesFilters(failedTrips, { ...NONE, status: "2xx" })).toBe(false);
    expect(matchesFilters(failedTrips, { ...NONE, service: "valuations" })).toBe(false);
    expect(matchesFilters(record({ cache: "hit", status: null }), { ...NONE, cache: "hit" })).toBe(true);
    expect(matchesFilters(record({}), { ...NONE, cache: "miss" })).toBe(false);
  });
});

describe("vehicle calls and order", () => {
  it("a vehicle's calls are its own and the shared ones that served it", () => {
    expect(concernsVehicle({ tokenId: 7 }, 7)).toBe(true);
    expect(concernsVehicle({ forTokenId: 7 }, 7)).toBe(true);
    expect(concernsVehicle({ tokenId: 8 }, 7)).toBe(false);
    expect(concernsVehicle({}, 7)).toBe(false);
  });

  it("sorts newest first, by sequence within a millisecond, and keeps the limit", () => {
    const at = "2024-01-01T00:00:00.000Z";
    const records = [
      record({ id: "k0-9", at }),
      record({ id: "k0-a", at }),
      record({ id: "k0-1", at: "2024-01-01T00:00:01.000Z" }),
      record({ id: "k0-2", at: "2023-12-31T23:59:59.000Z" }),
    ];
    expect(newestFirst(records, 10).map((r) => r.id)).toEqual(["k0-1", "k0-a", "k0-9", "k0-2"]);
    expect(newestFirst(records, 2)).toHaveLength(2);
  });
});
