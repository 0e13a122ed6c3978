import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { setUpSandbox } from "@/test-support/sandbox";
import { getDimoClient } from "@/lib/dimo";
import { PATHS_PER_REQUEST } from "@/lib/dimo/telemetry";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import type { TripPathResult } from "@/lib/models";
import { clearTripPathCache, forEachTripPath } from "./trip-paths";

/**
 * A page's routes against the sandbox, through the app's own client: ten trips to a Telemetry API request, the
 * paths kept afterwards, and no request at all for a grant without location history.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const { control } = setUpSandbox({ pointApp: true });
beforeEach(async () => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  clearTripPathCache();
});

const telemetryRequests = async () => (await control.stats()).routes["POST /telemetry/query"] ?? 0;

async function pathsOf(tokenId: number, page = 1) {
  const { trips } = await getDimoClient().listTrips(tokenId, page);
  const results: TripPathResult[] = [];
  const before = await telemetryRequests();
  const summary = await forEachTripPath(tokenId, trips, new AbortController().signal, (result) => results.push(result));
  return { trips, results, summary, requests: (await telemetryRequests()) - before };
}

describe("forEachTripPath", () => {
  it("reads a page of 100 trips in ten requests, then from its cache in none", async () => {
    const cold = await pathsOf(VEHICLE_IDS.exactly100);
    expect(cold.trips).toHaveLength(100);
    expect(cold.requests).toBe(100 / PATHS_PER_REQUEST);
    expect(cold.summary).toEqual({ upstreamRequests: 100 / PATHS_PER_REQUEST, cached: 0 });
    expect(new Set(cold.results.map((result) => result.tripId))).toEqual(new Set(cold.trips.map((trip) => trip.id)));
    const routes = cold.results.filter((result) => result.kind === "route");
    expect(routes.length).toBeGreaterThan(90);
    for (const route of routes) expect(route.kind === "route" && route.path.coordinates.length).toBeGreaterThan(2);

    const warm = await pathsOf(VEHICLE_IDS.exactly100);
    expect(warm.requests).toBe(0);
    expect(warm.summary).toEqual({ upstreamRequests: 0, cached: routes.length });
  });

  it("answers every trip straight, with the reason, for a grant without location history, asking nothing", async () => {
    // The vehicle shares only its approximate location (privilege 8): the grant decides before any request, whatever
    // the trips handed in (here another vehicle's, as the Trips API would refuse this one's).
    const trips = (await getDimoClient().listTrips(VEHICLE_IDS.exactly100, 1)).trips.slice(0, 3);
    const results: TripPathResult[] = [];
    const before = await telemetryRequests();
    const summary = await forEachTripPath(
      VEHICLE_IDS.approximateLocationOnly,
      trips,
      new AbortController().signal,
      (r) => results.push(r),
    );
    expect(summary).toEqual({ upstreamRequests: 0, cached: 0 });
    expect(await telemetryRequests()).toBe(before);
    expect(results).toHaveLength(3);
    expect(results.every((result) => result.kind === "straight" && result.reason.includes("privilege 4"))).toBe(true);
  });
});
