import { createLocalJWKSet, jwtVerify } from "jose";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { sandboxControl } from "./control-client";
import { VEHICLE_IDS } from "./seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();

describe("the whole flow, as the dashboard runs it", () => {
  it("signs in with the demo API key, exchanges, lists trips, values the vehicle and gets offers", async () => {
    const demo = await sandboxControl(suite.url).demo();

    // 1. Challenge.
    const query = new URLSearchParams({
      client_id: demo.clientId,
      domain: demo.redirectUri,
      scope: "openid email",
      response_type: "code",
      address: demo.clientId,
    });
    const generated = await request(`${suite.url}/auth/auth/web3/generate_challenge?${query}`, { method: "POST" });
    expect(generated.status).toBe(200);
    const { state, challenge } = generated.body as { state: string; challenge: string };

    // 2. Sign with the API key. 3. Submit.
    const signature = await privateKeyToAccount(demo.apiKey).signMessage({ message: challenge });
    const submitted = await request(`${suite.url}/auth/auth/web3/submit_challenge`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: demo.clientId,
        state,
        grant_type: "authorization_code",
        domain: demo.redirectUri,
        signature,
      }),
    });
    expect(submitted.status).toBe(200);
    const developerJwt = (submitted.body as { access_token: string }).access_token;
    const authKeys = createLocalJWKSet(
      (await request(`${suite.url}/auth/keys`)).body as Parameters<typeof createLocalJWKSet>[0],
    );
    expect((await jwtVerify(developerJwt, authKeys)).payload.aud).toBe(demo.clientId);

    // 4. The vehicles shared with the license.
    const identity = await request(`${suite.url}/identity/query`, {
      method: "POST",
      json: {
        query: `query($c: Address!) { vehicles(filterBy: {privileged: $c}, first: 20) { nodes { tokenId sacd(grantee: $c) { permissions } } } }`,
        variables: { c: demo.clientId },
      },
    });
    const nodes = (identity.body as { data: { vehicles: { nodes: { tokenId: number }[] } } }).data.vehicles.nodes;
    expect(nodes.map((n) => n.tokenId)).toContain(VEHICLE_IDS.manyTrips);

    // 5. Exchange for a Vehicle JWT with privileges 1 and 4.
    const exchanged = await request(`${suite.url}/token-exchange/v1/tokens/exchange`, {
      method: "POST",
      bearer: developerJwt,
      json: { nftContractAddress: VEHICLE_NFT_CONTRACT, privileges: [1, 4], tokenId: VEHICLE_IDS.manyTrips },
    });
    expect(exchanged.status).toBe(200);
    const vehicleJwt = (exchanged.body as { token: string }).token;

    // 6. Trips, 7. valuation, 8. instant offer, 9. offers.
    const trips = await request(`${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.manyTrips}/trips?page=2`, {
      bearer: vehicleJwt,
    });
    expect(trips.status).toBe(200);
    expect(trips.body).toMatchObject({ totalPages: 25, currentPage: 2 });
    const valuation = await request(`${suite.url}/valuations/v1/vehicles/${VEHICLE_IDS.manyTrips}/valuations`, {
      bearer: vehicleJwt,
    });
    expect((valuation.body as { valuationSets: unknown[] }).valuationSets).toHaveLength(1);
    const offer = await request(`${suite.url}/valuations/v1/vehicles/${VEHICLE_IDS.manyTrips}/instant-offer`, {
      method: "POST",
      bearer: vehicleJwt,
    });
    expect(offer.body).toEqual({ message: "instant offer request completed: PulledAll" });
    const offers = await request(`${suite.url}/valuations/v1/vehicles/${VEHICLE_IDS.manyTrips}/offers`, {
      bearer: vehicleJwt,
    });
    const sets = (offers.body as { offerSets: { offers: { vendor: string }[] }[] }).offerSets;
    expect(sets).toHaveLength(1);
    expect(sets[0]?.offers.map((o) => o.vendor).sort()).toEqual(["carmax", "carvana", "vroom"]);

    const stats = await sandboxControl(suite.url).stats();
    for (const route of [
      "POST /auth/auth/web3/generate_challenge",
      "POST /auth/auth/web3/submit_challenge",
      "POST /token-exchange/v1/tokens/exchange",
      "GET /trips/v1/vehicle/:tokenId/trips",
      "GET /valuations/v1/vehicles/:tokenId/valuations",
      "POST /valuations/v1/vehicles/:tokenId/instant-offer",
      "GET /valuations/v1/vehicles/:tokenId/offers",
    ]) {
      expect(stats.routes[route]).toBe(1);
    }
  });
});
