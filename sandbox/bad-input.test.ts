import { beforeEach, describe, expect, it } from "vitest";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { DEMO_GRANTED_VEHICLE_IDS, VEHICLE_IDS } from "./seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { CONTROL_HEADERS } from "@/sandbox/control-client";

const suite = setUpSandbox();
const SQL = "'; DROP TABLE trips; --";

async function stillServing() {
  const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1, 4]);
  const trips = await request(`${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.manyTrips}/trips`, { bearer: token });
  expect(trips.status).toBe(200);
  expect((trips.body as { trips: unknown[]; totalPages: number }).totalPages).toBe(25);
  const identity = await request(`${suite.url}/identity/query`, {
    method: "POST",
    json: { query: `{ vehicles(first: 100, filterBy: {privileged: "${DEMO_LICENSE.clientId}"}) { totalCount } }` },
  });
  expect(identity.body).toEqual({ data: { vehicles: { totalCount: DEMO_GRANTED_VEHICLE_IDS.length } } });
}

beforeEach(async () => {
  await suite.control.reset();
});

describe("bad input", () => {
  it("answers malformed JSON with 400 everywhere a JSON body is read", async () => {
    const developer = await suite.developerJwt();
    const bodies = ["{", "[1,", "nul", "\u0000\u0001", '{"query": }'];
    for (const body of bodies) {
      const headers = { "content-type": "application/json" };
      expect((await request(`${suite.url}/identity/query`, { method: "POST", headers, body })).status).toBe(400);
      expect((await request(`${suite.url}/telemetry/query`, { method: "POST", headers, body })).status).toBe(400);
      const exchange = await request(`${suite.url}/token-exchange/v1/tokens/exchange`, {
        method: "POST",
        headers,
        body,
        bearer: developer,
      });
      expect(exchange.status).toBe(400);
      const control = { ...headers, ...CONTROL_HEADERS };
      expect((await request(`${suite.url}/__sandbox/faults`, { method: "POST", headers: control, body })).status).toBe(
        400,
      );
    }
    await stillServing();
  });

  it("answers a 100 KiB body with 413 and reads none of it", async () => {
    const big = JSON.stringify({ query: `{ __typename }`, padding: "x".repeat(100 * 1024) });
    const identity = await request(`${suite.url}/identity/query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(identity.status).toBe(413);
    expect(identity.body).toEqual({ code: 413, message: "Request body is larger than 64 KiB." });
    const form = await request(`${suite.url}/auth/auth/web3/submit_challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `state=${"a".repeat(100 * 1024)}`,
    });
    expect(form.status).toBe(413);
    await stillServing();
  });

  it("answers unknown routes with 404 JSON and wrong methods with 405", async () => {
    for (const path of [
      "/",
      "/nope",
      "/trips",
      "/trips/v2/vehicle/1/trips",
      "/valuations/v3/vehicles/1/valuations",
      "/auth/keys/extra",
    ]) {
      const answer = await request(`${suite.url}${path}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 404, message: "Not Found" });
    }
    for (const [method, path] of [
      ["GET", "/auth/auth/web3/generate_challenge"],
      ["DELETE", "/token-exchange/v1/tokens/exchange"],
      ["PUT", "/identity/query"],
      ["POST", "/trips/v1/vehicle/1/trips"],
      ["POST", "/auth/keys"],
    ]) {
      const answer = await request(`${suite.url}${path}`, { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBeTruthy();
    }
  });

  it("answers token ids that are not unsigned integers with 400", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1, 4]);
    for (const id of ["abc", "-1", "1e999", "1.5", "99999999999999999999999", encodeURIComponent(SQL)]) {
      const trips = await request(`${suite.url}/trips/v1/vehicle/${id}/trips`, { bearer: token });
      expect(trips.status).toBe(400);
      expect(trips.body).toEqual({ code: 400, message: "Couldn't parse vehicle token id." });
      const valuations = await request(`${suite.url}/valuations/v1/vehicles/${id}/valuations`, { bearer: token });
      expect(valuations.status).toBe(400);
      expect(valuations.body).toEqual({ code: 400, message: "Couldn't parse token id." });
    }
    const exchange = await request(`${suite.url}/token-exchange/v1/tokens/exchange`, {
      method: "POST",
      bearer: await suite.developerJwt(),
      json: { nftContractAddress: VEHICLE_NFT_CONTRACT, privileges: [1], tokenId: SQL },
    });
    expect(exchange.status).toBe(400);
    await stillServing();
  });

  it("treats SQL-looking strings as plain data everywhere", async () => {
    const queries = [
      `{ vehicles(first: 10, filterBy: {privileged: "${SQL}"}) { totalCount } }`,
      `{ vehicles(first: 10, filterBy: {make: "${SQL}"}) { totalCount } }`,
      `{ developerLicense(by: {alias: "${SQL}"}) { tokenId } }`,
      `{ vehicle(tokenId: ${VEHICLE_IDS.manyTrips}) { sacd(grantee: "${SQL}") { permissions } } }`,
      `{ vehicles(first: 10, after: "${Buffer.from(SQL).toString("base64")}") { totalCount } }`,
    ];
    for (const query of queries) {
      const answer = await request(`${suite.url}/identity/query`, { method: "POST", json: { query } });
      expect(answer.status).toBe(200);
      const body = answer.body as { data?: { vehicles?: { totalCount: number } } | null; errors?: unknown[] };
      // Either an error, or a filter that matched nothing: never data from a rewritten query.
      expect(body.errors !== undefined || body.data?.vehicles?.totalCount === 0).toBe(true);
    }
    const challenge = await request(
      `${suite.url}/auth/auth/web3/generate_challenge?client_id=${encodeURIComponent(SQL)}&domain=x&scope=openid%20email&response_type=code&address=x`,
      { method: "POST" },
    );
    expect(challenge.status).toBe(404);
    const submit = await request(`${suite.url}/auth/auth/web3/submit_challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: SQL,
        state: SQL,
        grant_type: "authorization_code",
        domain: SQL,
        signature: SQL,
      }),
    });
    expect(submit.status).toBe(400);
    await stillServing();
  });
});
