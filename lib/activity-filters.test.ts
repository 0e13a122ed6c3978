import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "@/lib/models";
import {
  concernsVehicle,
  foldedCacheHits,
  matchesFilters,
  matchesSearch,
  newestFirst,
  parseActivityFilters,
  statusClassOf,
} from "./activity-filters";

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

const NONE = { service: null, status: null, cache: null, q: "" };

describe("activity filters", () => {
  it("read known values from the URL and treat unknown ones as all", () => {
    expect(parseActivityFilters(new URLSearchParams("service=trips&status=4xx&cache=hit"))).toEqual({
      service: "trips",
      status: "4xx",
      cache: "hit",
      q: "",
    });
    expect(parseActivityFilters(new URLSearchParams("cache=all&q=%20vehicle:7%20"))).toEqual({
      ...NONE,
      cache: "all",
      q: "vehicle:7",
    });
    expect(parseActivityFilters(new URLSearchParams("service=ftp&status=3xx&cache=maybe"))).toEqual(NONE);
    expect(parseActivityFilters(new URLSearchParams(""))).toEqual(NONE);
  });

  it("cut the search to 200 characters, after trimming it", () => {
    const search = (q: string) => parseActivityFilters(new URLSearchParams({ q })).q;
    expect(search(` ${"a".repeat(200)} `)).toBe("a".repeat(200));
    expect(search("a".repeat(201))).toBe("a".repeat(200));
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

describe("cache hits folded", () => {
  const hit = (id: string, service: ActivityEntry["service"] = "auth") =>
    record({ id, service, cache: "hit", status: null, attempts: 0 });
  const log = [
    record({ id: "n-1" }),
    hit("h-1"),
    hit("h-2"),
    hit("h-3", "identity"),
    record({ id: "m-1", service: "auth", cache: "miss" }),
  ];

  it("shows network calls by default and counts the hits it folds away", () => {
    expect(log.filter((entry) => matchesFilters(entry, NONE)).map((entry) => entry.id)).toEqual(["n-1", "m-1"]);
    expect(foldedCacheHits(log, NONE)).toBe(3);
  });

  it("counts only the hits the other filters would show", () => {
    expect(foldedCacheHits(log, { ...NONE, service: "identity" })).toBe(1);
    expect(foldedCacheHits(log, { ...NONE, service: "trips" })).toBe(0);
  });

  it("shows hits as rows, and folds none, once a cache filter is chosen", () => {
    expect(log.filter((entry) => matchesFilters(entry, { ...NONE, cache: "all" }))).toHaveLength(5);
    expect(log.filter((entry) => matchesFilters(entry, { ...NONE, cache: "hit" }))).toHaveLength(3);
    expect(foldedCacheHits(log, { ...NONE, cache: "all" })).toBe(0);
  });
});

describe("search", () => {
  const trips = record({ path: "/v1/vehicle/7/trips?page=3", tokenId: 7, status: 503, error: "down" });
  const shared = record({ service: "auth", path: "/auth/web3/submit_challenge", forTokenId: 7, status: 200 });

  it("finds a vehicle's calls, shared ones included, by a bare number or vehicle:", () => {
    expect(matchesSearch(trips, "7")).toBe(true);
    expect(matchesSearch(shared, "vehicle:7")).toBe(true);
    expect(matchesSearch(trips, "vehicle:8")).toBe(false);
  });

  it("finds by service name or label, status or class, and path", () => {
    expect(matchesSearch(shared, "service:auth")).toBe(true);
    expect(matchesSearch(trips, "Trips")).toBe(true);
    expect(matchesSearch(trips, "503")).toBe(true);
    expect(matchesSearch(trips, "status:5xx")).toBe(true);
    expect(matchesSearch(trips, "status:failed")).toBe(true);
    expect(matchesSearch(shared, "status:503")).toBe(false);
    expect(matchesSearch(trips, "path:page=3")).toBe(true);
    expect(matchesSearch(shared, "submit_challenge")).toBe(true);
  });

  it("needs every word to match, and an empty search matches all", () => {
    expect(matchesSearch(trips, "trips 503")).toBe(true);
    expect(matchesSearch(trips, "trips 200")).toBe(false);
    expect(matchesSearch(trips, "   ")).toBe(true);
    expect(matchesFilters(trips, { ...NONE, q: "valuations" })).toBe(false);
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
