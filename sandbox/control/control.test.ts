import Database from "better-sqlite3";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createContext } from "../context";
import { type SandboxChain } from "../chain/local-chain";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { CONTROL_HEADERS } from "@/sandbox/control-client";
import { VEHICLE_IDS } from "../seed/vehicles";
import { DATABASE_FILE } from "../server";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();
const TRIPS_ROUTE = "GET /trips/v1/vehicle/:tokenId/trips";
const tripsPath = (id: number) => `/trips/v1/vehicle/${id}/trips`;

beforeEach(async () => {
  await suite.control.reset();
  suite.forgetTokens();
});

describe("demo", () => {
  it("tells the demo license's fixed values", async () => {
    expect(await suite.control.demo()).toEqual({
      clientId: DEMO_LICENSE.clientId,
      redirectUri: DEMO_LICENSE.redirectUri,
      apiKey: DEMO_LICENSE.apiKey,
      apiKeySigner: DEMO_LICENSE.apiKeySigner,
      owner: DEMO_OWNER,
      licenseTokenId: DEMO_LICENSE.tokenId,
    });
  });
});

describe("stats", () => {
  it("counts per route pattern and per path, failed requests included, control requests not", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [4]);
    await suite.control.resetStats();
    await request(`${suite.url}${tripsPath(VEHICLE_IDS.manyTrips)}?page=2`, { bearer: token });
    await request(`${suite.url}${tripsPath(VEHICLE_IDS.manyTrips)}`, { bearer: token });
    await request(`${suite.url}${tripsPath(VEHICLE_IDS.exactly100)}`); // 401
    await request(`${suite.url}/no/such/route`);
    await suite.control.clock();
    const stats = await suite.control.stats();
    expect(stats.total).toBe(4);
    expect(stats.routes[TRIPS_ROUTE]).toBe(3);
    expect(stats.paths[`GET ${tripsPath(VEHICLE_IDS.manyTrips)}`]).toBe(2);
    expect(stats.paths[`GET ${tripsPath(VEHICLE_IDS.exactly100)}`]).toBe(1);
    expect(stats.paths["GET /no/such/route"]).toBe(1);
    expect(Object.keys(stats.paths).some((key) => key.includes("__sandbox"))).toBe(false);

    const cleared = await suite.control.resetStats();
    expect(cleared).toEqual({ total: 0, routes: {}, paths: {}, refused: 0, refusedRoutes: {} });
  });

  it("counts faulted requests under their route", async () => {
    await suite.control.resetStats();
    await suite.control.injectFault({ path: "/identity/query", status: 502 });
    await request(`${suite.url}/identity/query`, {
      method: "POST",
      json: { query: "{ vehicle(tokenId: 1) { tokenId } }" },
    });
    expect((await suite.control.stats()).routes["POST /identity/query"]).toBe(1);
  });
});

describe("clock", () => {
  it("moves by advanceSeconds, and resets", async () => {
    const moved = await suite.control.advanceClock(3600);
    expect(moved.offsetSeconds).toBe(3600);
    expect(Math.abs(Date.parse(moved.now) - Date.now() - 3600_000)).toBeLessThan(2_000);
    expect((await suite.control.advanceClock(-600)).offsetSeconds).toBe(3000);
    expect((await suite.control.clock()).offsetSeconds).toBe(3000);
    const reset = await suite.control.resetClock();
    expect(reset.offsetSeconds).toBe(0);
  });

  it("stands still when frozen, moves only when advanced, and runs on from there when thawed", async () => {
    const frozen = await suite.control.freezeClock();
    expect(frozen.frozen).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await suite.control.clock()).now).toBe(frozen.now);
    const advanced = await suite.control.advanceClock(1.5);
    expect(Date.parse(advanced.now) - Date.parse(frozen.now)).toBe(1_500);
    const thawed = await suite.control.freezeClock(false);
    expect(thawed.frozen).toBe(false);
    expect(Date.parse(thawed.now)).toBeGreaterThanOrEqual(Date.parse(advanced.now));
    expect(thawed.offsetSeconds).toBeLessThan(1.5);
    await suite.control.freezeClock();
    expect((await suite.control.resetClock()).frozen).toBe(false);
  });

  it("refuses anything but a finite number and a boolean", async () => {
    const bodies = [
      '{"advanceSeconds":"60"}',
      '{"advanceSeconds":1e999}',
      "{}",
      "not json",
      '{"advanceSeconds":null}',
      '{"freeze":"yes"}',
    ];
    for (const body of bodies) {
      const answer = await request(`${suite.url}/__sandbox/clock`, {
        method: "POST",
        headers: { ...CONTROL_HEADERS, "content-type": "application/json" },
        body,
      });
      expect(answer.status).toBe(400);
    }
    expect((await suite.control.clock()).offsetSeconds).toBe(0);
  });
});

describe("faults", () => {
  it("answers an injected status and JSON body instead of the handler, the given number of times", async () => {
    const { id } = await suite.control.injectFault({
      method: "GET",
      path: "/auth/keys",
      status: 503,
      body: { oops: true },
      times: 2,
    });
    expect(id).toMatch(/\S/);
    for (let i = 0; i < 2; i++) {
      const answer = await request(`${suite.url}/auth/keys`);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ oops: true });
    }
    expect((await request(`${suite.url}/auth/keys`)).status).toBe(200);
  });

  it("answers a text body as text, with the given headers", async () => {
    await suite.control.injectFault({
      path: "/trips/**",
      status: 502,
      body: "Bad Gateway",
      headers: { "x-fault": "yes" },
    });
    const answer = await request(`${suite.url}${tripsPath(VEHICLE_IDS.manyTrips)}`);
    expect(answer.status).toBe(502);
    expect(answer.text).toBe("Bad Gateway");
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(answer.headers.get("x-fault")).toBe("yes");
  });

  it("gives a 429 without headers a Retry-After of 1", async () => {
    await suite.control.injectFault({ path: "/trips/v1/vehicle/*/trips", status: 429 });
    const answer = await request(`${suite.url}${tripsPath(1)}`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("1");
  });

  it("delays the real handler when only a latency is given", async () => {
    // The latency is long enough that the undelayed second answer, even on a busy machine, comes well within it.
    await suite.control.injectFault({ path: "/token-exchange/keys", latencyMs: 3_000 });
    const started = performance.now();
    const answer = await request(`${suite.url}/token-exchange/keys`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2_995);
    expect(answer.status).toBe(200);
    expect((answer.body as { keys: unknown[] }).keys).toHaveLength(1);
    const started2 = performance.now();
    await request(`${suite.url}/token-exchange/keys`);
    expect(performance.now() - started2).toBeLessThan(3_000);
  });

  it("keeps a times: 0 fault until cleared, lists it, and matches the method", async () => {
    await suite.control.injectFault({ method: "POST", path: "/identity/query", status: 500, times: 0 });
    const faults = await suite.control.listFaults();
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ method: "POST", path: "/identity/query", status: 500, remaining: null });
    for (let i = 0; i < 3; i++) {
      expect(
        (await request(`${suite.url}/identity/query`, { method: "POST", json: { query: "{ __typename }" } })).status,
      ).toBe(500);
    }
    expect((await request(`${suite.url}/identity/query`)).status).toBe(405);
    expect(await suite.control.clearFaults()).toEqual({ cleared: 1 });
    expect(
      (await request(`${suite.url}/identity/query`, { method: "POST", json: { query: "{ __typename }" } })).status,
    ).toBe(200);
  });

  it("narrows a fault to the GraphQL requests selecting a field, and lets others through to the handler", async () => {
    await suite.control.injectFault({ path: "/identity/query", graphqlField: "vehicles", status: 500, times: 1 });
    const license = `{ developerLicense(by: { clientId: ${JSON.stringify(DEMO_LICENSE.clientId)} }) { tokenId } }`;
    // Another field on the same path is answered by the handler, which still reads the body the fault looked at.
    const other = await request(`${suite.url}/identity/query`, { method: "POST", json: { query: license } });
    expect(other.status).toBe(200);
    expect((other.body as { data: { developerLicense: { tokenId: number } } }).data.developerLicense.tokenId).toBe(
      DEMO_LICENSE.tokenId,
    );
    const list = { query: "query List { vehicles(first: 1) { totalCount } }" };
    expect((await request(`${suite.url}/identity/query`, { method: "POST", json: list })).status).toBe(500);
    expect((await request(`${suite.url}/identity/query`, { method: "POST", json: list })).status).toBe(200);
  });

  it("refuses a malformed fault", async () => {
    for (const fault of [
      { path: "/x" },
      { path: "/x", status: "500" },
      { status: 500 },
      { path: "/x", status: 500, graphqlField: "vehicles { id }" },
    ]) {
      const answer = await request(`${suite.url}/__sandbox/faults`, {
        method: "POST",
        headers: CONTROL_HEADERS,
        json: fault,
      });
      expect(answer.status).toBe(400);
    }
    expect(await suite.control.listFaults()).toEqual([]);
  });
});

describe("reset", () => {
  it("returns offer sets, clock, faults and counters to the seeded state, keeping trips and keys", async () => {
    const keysBefore = (await request(`${suite.url}/auth/keys`)).text;
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1, 4]);
    await request(`${suite.url}/valuations/v1/vehicles/${VEHICLE_IDS.manyTrips}/instant-offer`, {
      method: "POST",
      bearer: token,
    });
    await suite.control.injectFault({ path: "/nowhere", status: 500, times: 0 });
    await suite.control.advanceClock(60);

    const reset = await suite.control.reset();
    expect(reset.clock.offsetSeconds).toBe(0);
    expect(await suite.control.listFaults()).toEqual([]);
    expect((await suite.control.stats()).total).toBe(0);
    const offers = await request(`${suite.url}/valuations/v1/vehicles/${VEHICLE_IDS.manyTrips}/offers`, {
      bearer: token,
    });
    expect(offers.body).toEqual({ offerSets: [] });
    const trips = await request(`${suite.url}${tripsPath(VEHICLE_IDS.manyTrips)}`, { bearer: token });
    expect((trips.body as { totalPages: number }).totalPages).toBe(25);
    expect((await request(`${suite.url}/auth/keys`)).text).toBe(keysBefore);
  });

  it("forgets challenge states", async () => {
    const query = new URLSearchParams({
      client_id: DEMO_LICENSE.clientId,
      domain: DEMO_LICENSE.redirectUri,
      scope: "openid email",
      response_type: "code",
      address: DEMO_LICENSE.clientId,
    });
    const issued = (await request(`${suite.url}/auth/auth/web3/generate_challenge?${query}`, { method: "POST" }))
      .body as { state: string };
    await suite.control.reset();
    const answer = await request(`${suite.url}/auth/auth/web3/submit_challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: DEMO_LICENSE.clientId,
        state: issued.state,
        grant_type: "authorization_code",
        domain: DEMO_LICENSE.redirectUri,
        signature: "0x00",
      }),
    });
    expect(answer.body).toEqual({ status: 400, message: "Requested resource does not exist." });
  });
});

describe("loopback only", () => {
  it("answers 403 to a caller from another address, and is never under a service prefix", async () => {
    const db = new Database(join(suite.sandbox.dataDir, DATABASE_FILE), { readonly: true });
    try {
      // No request here reaches the chain.
      const noChain = {} as SandboxChain;
      const app = createApp(createContext(db, { instantOfferDelayMs: 0, rateLimit: false }, noChain), {
        host: "127.0.0.1",
        port: 4455,
      });
      const remote = { incoming: { socket: { remoteAddress: "10.0.0.5", remotePort: 5000, remoteFamily: "IPv4" } } };
      const local = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 5000, remoteFamily: "IPv4" } } };
      const control = { headers: CONTROL_HEADERS };
      expect((await app.request("/__sandbox/demo", control, remote)).status).toBe(403);
      expect((await app.request("/__sandbox/stats", control, remote)).status).toBe(403);
      expect((await app.request("/__sandbox/demo", control, local)).status).toBe(200);
      // Services answer everyone.
      expect((await app.request("/auth/keys", {}, remote)).status).toBe(200);
    } finally {
      db.close();
    }
    expect((await request(`${suite.url}/trips/__sandbox/demo`)).status).toBe(404);
  });
});
