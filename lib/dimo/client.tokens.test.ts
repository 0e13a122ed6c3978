import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { count, ROUTES, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";

/** The token manager against the sandbox: how many challenges and exchanges the client really makes. */

const sandbox = setUpSandbox();
const { control } = sandbox;
beforeEach(async () => {
  await control.reset();
  await control.resetStats();
});

describe("Developer JWT", () => {
  it("runs one challenge flow for many calls", async () => {
    const { client } = testClient(sandbox.url);
    for (let page = 1; page <= 3; page += 1) await client.listTrips(21957, page);
    await client.getValuation(21957);
    await client.listTrips(18234, 1);
    await client.listOffers(19876);
    const stats = await control.stats();
    expect(count(stats, ROUTES.challenge)).toBe(1);
    expect(count(stats, ROUTES.submit)).toBe(1);
    expect(count(stats, ROUTES.exchange)).toBe(3);
  });

  it("shares one in-flight challenge flow among concurrent callers", async () => {
    const { client } = testClient(sandbox.url);
    await Promise.all([21957, 18234, 19876, 17001].map((tokenId) => client.listTrips(tokenId, 1)));
    const stats = await control.stats();
    expect(count(stats, ROUTES.challenge)).toBe(1);
    expect(count(stats, ROUTES.exchange)).toBe(4);
  });

  it("is kept until 5 minutes before exp, then fetched again", async () => {
    let now = Date.now();
    const { client } = testClient(sandbox.url, { now: () => now });
    await client.listTrips(21957, 1);
    const exp = (await client.describeTokens()).developer?.exp ?? 0;
    // A new vehicle needs an exchange, and so the Developer JWT: still cached a second before the margin...
    now = exp * 1000 - 5 * 60_000 - 1_000;
    await client.listTrips(18234, 1);
    expect(count(await control.stats(), ROUTES.challenge)).toBe(1);
    // ...and fetched anew a second after it: DIMO's clock has come this far too, or the challenge would not be recent.
    now = exp * 1000 - 5 * 60_000 + 1_000;
    await control.advanceClock(Math.round((now - Date.now()) / 1000));
    try {
      await client.listTrips(19876, 1);
      expect(count(await control.stats(), ROUTES.challenge)).toBe(2);
    } finally {
      await control.resetClock();
    }
  });

  it("is dropped and fetched again once when the exchange answers 401", async () => {
    const { client } = testClient(sandbox.url);
    await client.listTrips(21957, 1);
    await control.injectFault({
      method: "POST",
      path: "/token-exchange/v1/tokens/exchange",
      status: 401,
      body: "Invalid or expired JWT",
      times: 1,
    });
    await client.listTrips(18234, 1);
    const stats = await control.stats();
    expect(count(stats, ROUTES.challenge)).toBe(2);
    expect(count(stats, ROUTES.exchange)).toBe(3);
  });
});

describe("Vehicle JWT", () => {
  it("costs one exchange per vehicle for 50 concurrent cold calls", async () => {
    const { client } = testClient(sandbox.url);
    const vehicles = [21957, 18234];
    const calls = Array.from({ length: 50 }, (_, i) => {
      const tokenId = vehicles[i % 2] ?? 21957;
      return i % 3 === 0 ? client.getValuation(tokenId) : client.listTrips(tokenId, 1 + (i % 4));
    });
    const results = await Promise.all(calls);
    expect(results).toHaveLength(50);
    const stats = await control.stats();
    expect(count(stats, ROUTES.exchange)).toBe(2);
    expect(count(stats, ROUTES.challenge)).toBe(1);
    // The grant is read once per vehicle too.
    expect(count(stats, ROUTES.identity)).toBe(2);
  });

  it("is exchanged again after the sandbox clock passes 10 minutes", async () => {
    const { client } = testClient(sandbox.url);
    await client.listTrips(21957, 1);
    await client.listTrips(21957, 2);
    expect(count(await control.stats(), ROUTES.exchange)).toBe(1);
    await control.advanceClock(601);
    try {
      const page = await client.listTrips(21957, 3);
      expect(page.trips).toHaveLength(100);
      const stats = await control.stats();
      expect(count(stats, ROUTES.exchange)).toBe(2);
      // The expired token was refused once (401), then the fresh one worked.
      expect(count(stats, ROUTES.trips)).toBe(4);
    } finally {
      await control.resetClock();
    }
  });

  it("is kept until 60 s before exp by the local clock, then exchanged again without a refusal", async () => {
    let now = Date.now();
    const { client } = testClient(sandbox.url, { now: () => now });
    await client.listTrips(21957, 1);
    const exp = (await client.describeTokens()).vehicles[0]?.exp ?? 0;
    now = exp * 1000 - 61_000;
    await client.listTrips(21957, 2);
    expect(count(await control.stats(), ROUTES.exchange)).toBe(1);
    now = exp * 1000 - 59_000;
    await client.listTrips(21957, 2);
    const stats = await control.stats();
    expect(count(stats, ROUTES.exchange)).toBe(2);
    expect(count(stats, ROUTES.trips)).toBe(3);
  });

  it("is re-exchanged exactly once after a 401 from the data service", async () => {
    const { client } = testClient(sandbox.url);
    await client.listTrips(21957, 1);
    await control.resetStats();
    await control.injectFault({
      method: "GET",
      path: "/trips/v1/vehicle/*/trips",
      status: 401,
      body: { code: 401, message: "Invalid or expired JWT" },
      times: 1,
    });
    const page = await client.listTrips(21957, 2);
    expect(page.currentPage).toBe(2);
    const stats = await control.stats();
    expect(count(stats, ROUTES.exchange)).toBe(1);
    expect(count(stats, ROUTES.trips)).toBe(2);
  });

  it("gives up after one re-exchange when the data service keeps answering 401", async () => {
    const { client } = testClient(sandbox.url);
    await client.getValuation(21957);
    await control.resetStats();
    await control.injectFault({
      method: "GET",
      path: "/valuations/v1/vehicles/*/valuations",
      status: 401,
      body: "Invalid privilege token.",
      times: 0,
    });
    try {
      await expect(client.getValuation(21957)).rejects.toMatchObject({ code: "UNAUTHORIZED", status: 401 });
      const stats = await control.stats();
      expect(count(stats, ROUTES.exchange)).toBe(1);
      expect(count(stats, ROUTES.valuations)).toBe(2);
    } finally {
      await control.clearFaults();
    }
  });

  it("refuses a token id or page past 32 bits before any request, as the GraphQL Int it becomes cannot hold it", async () => {
    const { client } = testClient(sandbox.url);
    await expect(client.listTrips(2_147_483_648, 1)).rejects.toThrow("tokenId must be at most 2147483647");
    await expect(client.listTrips(21957, 2_147_483_648)).rejects.toThrow("page must be at most 2147483647");
    expect((await control.stats()).total).toBe(0);
  });

  it("asks only for privileges that are granted and needed", async () => {
    const { client } = testClient(sandbox.url);
    await client.listTrips(21957, 1);
    await client.requestInstantOffer(20311);
    const { vehicles } = await client.describeTokens();
    const byVehicle = Object.fromEntries(vehicles.map((v) => [v.tokenId, v.privileges]));
    expect(byVehicle[21957]).toEqual([1, 4, 5]);
    expect(byVehicle[20311]).toEqual([1, 5]);
  });
});

describe("token introspection", () => {
  it("describes the cached tokens by their claims, never raw", async () => {
    const { client } = testClient(sandbox.url);
    expect(await client.describeTokens()).toEqual({ developer: null, vehicles: [] });
    await client.listTrips(21957, 1);
    const overview = await client.describeTokens();
    expect(overview.developer).toMatchObject({
      iss: `${sandbox.url}/auth`,
      aud: DEMO_LICENSE.clientId,
      ethereumAddress: DEMO_LICENSE.clientId,
    });
    expect((overview.developer?.exp ?? 0) - (overview.developer?.iat ?? 0)).toBe(14 * 24 * 3600);
    expect(overview.vehicles).toEqual([
      { tokenId: 21957, privileges: [1, 4, 5], iat: expect.any(Number), exp: expect.any(Number) },
    ]);
    const raw = await client.getRawToken("vehicle", 21957);
    const developer = await client.getRawToken("developer");
    expect(JSON.stringify(overview)).not.toContain(raw);
    expect(JSON.stringify(overview)).not.toContain(developer);
    expect(raw.split(".")).toHaveLength(3);
  });

  it("refreshes tokens on request", async () => {
    const { client } = testClient(sandbox.url);
    await client.listTrips(21957, 1);
    const info = await client.refreshVehicleToken(21957);
    expect(info).toMatchObject({ tokenId: 21957, privileges: [1, 4, 5] });
    expect((await client.describeTokens()).vehicles).toHaveLength(1);
    const developer = await client.refreshDeveloperToken();
    expect(developer.aud).toBe(DEMO_LICENSE.clientId);
    const stats = await control.stats();
    expect(count(stats, ROUTES.exchange)).toBe(2);
    expect(count(stats, ROUTES.challenge)).toBe(2);
  });

  it("reports cache hits to the activity log, with no request made", async () => {
    const { client, activity } = testClient(sandbox.url);
    await client.listTrips(21957, 1);
    activity.length = 0;
    await client.listTrips(21957, 2);
    expect(activity.map((e) => [e.service, e.cache, e.attempts])).toEqual([
      ["identity", "hit", 0],
      ["tokenExchange", "hit", 0],
      ["trips", "none", 1],
    ]);
    expect(activity[1]).toMatchObject({ tokenKind: "vehicle", tokenId: 21957, status: null, method: "POST" });
    expect(activity[2]).toMatchObject({ path: "/v1/vehicle/21957/trips?page=2", status: 200, tokenKind: "vehicle" });
  });
});
