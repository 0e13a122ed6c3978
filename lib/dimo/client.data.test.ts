import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { type DimoError } from "./errors";
import { count, ROUTES, sandboxConfig, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";

/** The typed functions against the sandbox's seeded vehicles. */

const sandbox = setUpSandbox();
const { control } = sandbox;
beforeEach(async () => {
  await control.reset();
  await control.resetStats();
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (reason: unknown) => reason as DimoError,
  );

describe("vehicles", () => {
  it("lists the license's vehicles page by page, newest token first, with their grants", async () => {
    const { client } = testClient(sandbox.url);
    const first = await client.listVehicles({ first: 3 });
    expect(first.vehicles).toHaveLength(3);
    expect(first.hasNextPage).toBe(true);
    const ids = first.vehicles.map((v) => v.tokenId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const next = await client.listVehicles({ first: 3, after: first.endCursor ?? undefined });
    expect(next.vehicles[0]?.tokenId).toBeLessThan(ids.at(-1) ?? 0);

    const all = await client.listAllVehicles();
    expect(all).toHaveLength(first.totalCount);
    expect(new Set(all.map((v) => v.tokenId)).size).toBe(all.length);
    const shared = all.find((v) => v.tokenId === 21957);
    expect(shared?.grant?.privileges).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.find((v) => v.tokenId === 20311)?.grant?.privileges).toEqual([1, 5]);
    expect(all.some((v) => v.tokenId === 9001)).toBe(false);
  });

  it("asks for at most 100 vehicles a request", async () => {
    const { client } = testClient(sandbox.url);
    const page = await client.listVehicles({ first: 5_000 });
    expect(page.vehicles.length).toBeLessThanOrEqual(100);
  });

  it("gets one vehicle with its grant, and null when unknown or not shared", async () => {
    const { client } = testClient(sandbox.url);
    const vehicle = await client.getVehicle(21957);
    expect(vehicle).toMatchObject({
      tokenId: 21957,
      grant: { privileges: [1, 2, 3, 4, 5, 6], expiresAt: expect.any(String) },
    });
    expect(vehicle?.make).toEqual(expect.any(String));
    expect(await client.getVehicle(9001)).toBeNull();
    expect(await client.getVehicle(8777)).toBeNull();
    expect(await client.getVehicle(10420)).toBeNull();
    expect(await client.getVehicle(987654321)).toBeNull();
  });

  it("gets the developer license and its owner", async () => {
    const { client } = testClient(sandbox.url);
    const license = await client.getDeveloperLicense();
    expect(license.owner.toLowerCase()).toBe(DEMO_LICENSE.owner.address.toLowerCase());
    expect(license.clientId.toLowerCase()).toBe(DEMO_LICENSE.clientId.toLowerCase());
    expect(license.redirectURIs).toContain(DEMO_LICENSE.redirectUri);
    expect(license.signers.map((s) => s.toLowerCase())).toContain(DEMO_LICENSE.apiKeySigner.toLowerCase());
    await client.getDeveloperLicense();
    expect(count(await control.stats(), ROUTES.identity)).toBe(1);
  });
});

describe("trips", () => {
  it("pages through 100 trips at a time, newest first", async () => {
    const { client } = testClient(sandbox.url);
    const page = await client.listTrips(21957, 1);
    expect(page.trips).toHaveLength(100);
    expect(page.currentPage).toBe(1);
    expect(page.totalPages).toBeGreaterThan(20);
    const ends = page.trips.map((t) => t.end.time);
    expect([...ends].sort().reverse()).toEqual(ends);
    const trip = page.trips[0];
    expect(trip?.id).toHaveLength(27);
    expect(typeof trip?.droppedData).toBe("boolean");
  });

  it("handles exactly one page, a page past the end, and no trips", async () => {
    const { client } = testClient(sandbox.url);
    expect(await client.listTrips(18234, 1)).toMatchObject({ totalPages: 1, currentPage: 1 });
    expect((await client.listTrips(18234, 1)).trips).toHaveLength(100);
    expect(await client.listTrips(18234, 2)).toEqual({ trips: [], totalPages: 1, currentPage: 2 });
    expect(await client.listTrips(19876, 1)).toEqual({ trips: [], totalPages: 0, currentPage: 1 });
  });

  it("after warm-up, a trips page view costs exactly one upstream request", async () => {
    const { client } = testClient(sandbox.url);
    await client.getVehicle(17001);
    await client.listTrips(17001, 1);
    await control.resetStats();
    // A page view: the vehicle header, then the page of trips.
    const vehicle = await client.getVehicle(17001);
    const page = await client.listTrips(17001, 42);
    expect(vehicle?.tokenId).toBe(17001);
    expect(page.totalPages).toBe(1_000);
    const stats = await control.stats();
    expect(stats.total).toBe(1);
    expect(count(stats, ROUTES.trips)).toBe(1);
  });
});

describe("privileges from the grant", () => {
  it("refuses trips without privilege 4, in words, with no upstream call", async () => {
    const { client } = testClient(sandbox.url);
    await client.getVehicle(20311);
    await control.resetStats();
    const error = await failureOf(client.listTrips(20311, 1));
    expect(error).toMatchObject({ code: "PRIVILEGE_MISSING", service: "trips", retryable: false });
    expect(error?.message).toMatch(/Location history \(privilege 4\)/);
    expect((await control.stats()).total).toBe(0);
  });

  it("refuses valuations and offers without privilege 1, and instant offers without 1 or 5", async () => {
    const { client } = testClient(sandbox.url);
    await client.listTrips(20777, 1);
    await control.resetStats();
    expect((await failureOf(client.getValuation(20777)))?.message).toMatch(/Non-location history \(privilege 1\)/);
    expect((await failureOf(client.listOffers(20777)))?.code).toBe("PRIVILEGE_MISSING");
    const offer = await failureOf(client.requestInstantOffer(20777));
    expect(offer?.message).toMatch(/privilege 1\) nor VIN credential \(privilege 5\)/);
    expect((await control.stats()).total).toBe(0);
  });

  it("treats an expired grant and a missing one as not shared, and an unknown vehicle as not found", async () => {
    const { client } = testClient(sandbox.url);
    // DIMO's identity API names no grant once it has ended, so an ended grant reads as none.
    expect(await failureOf(client.listTrips(10420, 1))).toMatchObject({ code: "VEHICLE_NOT_SHARED" });
    expect(await failureOf(client.getValuation(9001))).toMatchObject({ code: "VEHICLE_NOT_SHARED" });
    expect(await failureOf(client.listTrips(987654321, 1))).toMatchObject({ code: "VEHICLE_NOT_FOUND", status: 404 });
    const stats = await control.stats();
    expect(count(stats, ROUTES.exchange) + count(stats, ROUTES.trips) + count(stats, ROUTES.valuations)).toBe(0);
  });
});

describe("valuations and offers", () => {
  it("gets the latest valuation", async () => {
    const { client } = testClient(sandbox.url);
    const valuation = await client.getValuation(21957);
    expect(valuation).not.toBeNull();
    if (valuation?.retail != null && valuation.tradeIn != null) {
      expect(valuation.userDisplayPrice).toBe(Math.floor((valuation.retail + valuation.tradeIn) / 2));
    }
  });

  it("requests instant offers, lists them with their expiry, and drops them once expired", async () => {
    const { client } = testClient(sandbox.url);
    const result = await client.requestInstantOffer(18234);
    expect(result.message).toMatch(/instant offer request completed/);
    const sets = await client.listOffers(18234);
    expect(sets).toHaveLength(1);
    const set = sets[0];
    expect(set?.offers.length).toBeGreaterThan(0);
    expect(Date.parse(set?.expiresAt ?? "") - Date.parse(set?.updated ?? "")).toBe(7 * 24 * 3600 * 1000);
    for (const offer of set?.offers ?? []) {
      expect(offer.price !== null || offer.declineReason !== null || offer.error !== null).toBe(true);
    }
    await control.advanceClock(8 * 24 * 3600);
    try {
      expect(await client.listOffers(18234)).toEqual([]);
    } finally {
      await control.resetClock();
    }
  });

  it("uses the configured valuations version", async () => {
    const { client, activity } = testClient(sandbox.url, { config: sandboxConfig(sandbox.url, "v2") });
    await client.getValuation(21957);
    expect(activity.at(-1)?.path).toBe("/v2/vehicles/21957/valuations");
    expect(count(await control.stats(), "/valuations")).toBe(1);
  });
});
