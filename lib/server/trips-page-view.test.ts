import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as pathsRoute } from "@/app/api/vehicles/[tokenId]/trips/paths/route";
import { GET as tripsRoute } from "@/app/api/vehicles/[tokenId]/trips/route";
import { type DashboardSession } from "@/lib/auth/session";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { setUpSandbox } from "@/test-support/sandbox";
import { listTripsPage } from "./trips";

/**
 * What a view of a trips page costs DIMO's Trips API, over real HTTP against a sandbox: the page's own read (as the
 * page's server render makes it), the browser's prefetch of the next page through the trips route, and the trips
 * map's paths route for the page on screen. The paths route serves the page the page read just fetched, so a warm
 * view costs the page and its prefetch only.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const { control } = setUpSandbox({ pointApp: true });
beforeEach(() => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
});

const VEHICLE = VEHICLE_IDS.manyTrips;
const TRIPS_PATH = `GET /trips/v1/vehicle/${VEHICLE}/trips`;
const tripsRequests = async () => (await control.stats()).paths[TRIPS_PATH] ?? 0;
const params = { params: Promise.resolve({ tokenId: String(VEHICLE) }) };
const routeRequest = (path: string) => new Request(`http://localhost/api/vehicles/${VEHICLE}/trips${path}`);

/** The paths route read to the end: the trips it answered for and how the stream ended. */
async function readPaths(page: number) {
  const response = await pathsRoute(routeRequest(`/paths?page=${page}`), params);
  const messages = (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; tripId?: string });
  return {
    status: response.status,
    tripIds: messages.flatMap((message) => (message.type === "path" && message.tripId ? [message.tripId] : [])),
    end: messages.at(-1)?.type,
  };
}

/** One view of page `page` as the browser makes it: the page, then its prefetch and its routes side by side. */
async function viewTripsPage(page: number) {
  const read = await listTripsPage({ tokenId: VEHICLE, page });
  if (!read.ok) throw new Error(`the page read failed: ${read.error.message}`);
  const [prefetch, paths] = await Promise.all([tripsRoute(routeRequest(`?page=${page + 1}`), params), readPaths(page)]);
  expect(prefetch.status).toBe(200);
  expect(paths.status).toBe(200);
  expect(paths.end).toBe("done");
  expect(new Set(paths.tripIds)).toEqual(new Set(read.data.trips.map((trip) => trip.id)));
}

describe("a view of a trips page", () => {
  it("costs at most 2 Trips API requests when warm: three warm views make at most 6", async () => {
    // The first view fetches the tokens and the paths; the next three are warm.
    await viewTripsPage(2);
    const before = await tripsRequests();
    for (let view = 0; view < 3; view++) await viewTripsPage(2);
    expect((await tripsRequests()) - before).toBeLessThanOrEqual(6);
  });

  it("reaches DIMO again after a failed page read: a failure is not kept", async () => {
    await viewTripsPage(3);
    // Every attempt of the next read of page 3 fails (the client retries twice).
    const { id } = await control.injectFault({
      method: "GET",
      path: `/trips/v1/vehicle/${VEHICLE}/trips`,
      status: 500,
      times: 0,
    });
    try {
      expect((await listTripsPage({ tokenId: VEHICLE, page: 3 })).ok).toBe(false);
      // The paths route, asked after the failure, does not serve the page kept before it: it asks DIMO and fails too.
      const failed = await readPaths(3);
      expect(failed.status).not.toBe(200);
    } finally {
      await control.removeFault(id);
    }
    const before = await tripsRequests();
    expect((await listTripsPage({ tokenId: VEHICLE, page: 3 })).ok).toBe(true);
    expect((await tripsRequests()) - before).toBe(1);
  });
});
