import { type DIMO } from "@dimo-network/data-sdk";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxProfile } from "./profile";
import { SEED_VEHICLES, VEHICLE_IDS } from "./seed/vehicles";
import { sdkAgainstSandbox, sdkMethod } from "@/test-support/official-sdk";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { seededTripsWithEvents } from "@/test-support/sandbox-telemetry";
import { EVENT_NAMES } from "./telemetry/events";

/**
 * DIMO's published TypeScript data SDK, unchanged, against a test sandbox in each profile (test-support/official-sdk.ts
 * registers the sandbox's addresses as one more of its environments).
 */

type AuthHeaders = { headers: { Authorization: string } };
const sdk = sdkMethod;

const VEHICLE = VEHICLE_IDS.manyTrips;

describe.each<SandboxProfile>(["default", "realistic"])("the official data SDK against the %s sandbox", (profile) => {
  const suite = setUpSandbox({ profile });
  let dimo: DIMO;
  let developerJwt: AuthHeaders;
  let vehicleJwt: AuthHeaders;

  beforeAll(() => {
    dimo = sdkAgainstSandbox(`Sandbox-${profile}`, suite.url);
  });

  it("gets a Developer JWT with the demo license (its challenge, signature and submission)", async () => {
    // The SDK prefixes the key with 0x itself, so it takes the key without one.
    developerJwt = await sdk<AuthHeaders>(
      dimo.auth,
      "getDeveloperJwt",
    )({
      client_id: DEMO_LICENSE.clientId,
      domain: DEMO_LICENSE.redirectUri,
      private_key: DEMO_LICENSE.apiKey.slice(2),
    });
    const token = developerJwt.headers.Authorization.replace(/^Bearer /, "");
    const claims = decodeJwt(token);
    expect(claims.aud).toBe(DEMO_LICENSE.clientId);
    expect(claims.iss).toBe(`${suite.url}/auth`);
  });

  it("queries the identity API: a custom query, and the SDK's canned ones", async () => {
    const custom = await sdk<{ data: { vehicles: { totalCount: number; nodes: { tokenId: number }[] } } }>(
      dimo.identity,
      "query",
    )({
      query: `{ vehicles(filterBy: {privileged: "${DEMO_LICENSE.clientId}"}, first: 3) { totalCount nodes { tokenId } } }`,
    });
    expect(custom.data.vehicles.nodes).toHaveLength(3);
    expect(custom.data.vehicles.totalCount).toBeGreaterThan(3);

    const owner = SEED_VEHICLES.find((v) => v.tokenId === VEHICLE)?.owner ?? "";
    const definitions = await sdk<{
      data: { vehicles: { nodes: { definition: { make: string }; syntheticDevice: { tokenId: number } | null }[] } };
      errors?: unknown;
    }>(
      dimo.identity,
      "listVehicleDefinitionsPerAddress",
    )({ address: owner, limit: 10 });
    expect(definitions.errors).toBeUndefined();
    const tesla = definitions.data.vehicles.nodes.find((node) => node.definition.make === "Tesla");
    expect(tesla?.syntheticDevice?.tokenId).toEqual(expect.any(Number));

    const sacds = await sdk<{
      data: { vehicle: { sacds: { totalCount: number; nodes: { grantee: string; permissions: string }[] } } };
    }>(
      dimo.identity,
      "listSacdPerVehicleTokenId",
    )({ tokenId: VEHICLE });
    expect(sacds.data.vehicle.sacds.nodes).toEqual([{ grantee: DEMO_LICENSE.clientId, permissions: "0x3ffc" }]);

    const count = await sdk<{ data: { vehicles: { totalCount: number } } }>(dimo.identity, "countDimoVehicles")();
    expect(count.data.vehicles.totalCount).toBe(SEED_VEHICLES.length);
  });

  it("gets a Vehicle JWT with getVehicleJwt (the grant read through sacds, then the exchange), and exchanges directly", async () => {
    vehicleJwt = await sdk<AuthHeaders>(dimo.tokenexchange, "getVehicleJwt")({ ...developerJwt, tokenId: VEHICLE });
    const claims = decodeJwt(vehicleJwt.headers.Authorization.replace(/^Bearer /, ""));
    expect(claims.token_id).toBe(String(VEHICLE));
    expect(claims.privilege_ids).toEqual([1, 2, 3, 4, 5, 6]);

    const exchanged = await sdk<AuthHeaders>(
      dimo.tokenexchange,
      "exchange",
    )({ ...developerJwt, tokenId: VEHICLE, privileges: [1, 4] });
    expect(decodeJwt(exchanged.headers.Authorization.replace(/^Bearer /, "")).privilege_ids).toEqual([1, 4]);
  });

  it("lists trips", async () => {
    const page = await sdk<{ trips: unknown[]; totalPages: number; currentPage: number }>(
      dimo.trips,
      "list",
    )({
      ...vehicleJwt,
      tokenId: VEHICLE,
      page: 2,
    });
    expect(page.currentPage).toBe(2);
    expect(page.trips).toHaveLength(100);
    expect(page.totalPages).toBe(25);
  });

  it("reads valuations and offers", async () => {
    const valuations = await sdk<{ valuationSets: unknown[] }>(
      dimo.valuations,
      "getValuations",
    )({ ...vehicleJwt, tokenId: VEHICLE });
    expect(valuations.valuationSets).toHaveLength(1);

    const getOffers = sdk<{ offerSets: { offers: unknown[] }[] }>(dimo.valuations, "getOffers");
    expect(await getOffers({ ...vehicleJwt, tokenId: VEHICLE })).toEqual({ offerSets: [] });
    // The SDK cannot request an offer (see below), so the request is made with its Vehicle JWT directly.
    const url = `${suite.url}/valuations/v2/vehicles/${VEHICLE}/instant-offer`;
    const requested = await request(url, { method: "POST", headers: vehicleJwt.headers });
    expect(requested.status).toBe(200);
    const offers = await getOffers({ ...vehicleJwt, tokenId: VEHICLE });
    expect(offers.offerSets).toHaveLength(1);
    expect(offers.offerSets[0]?.offers).toHaveLength(3);
  });

  it("queries the Telemetry API with the real schema's queries, and reads the VIN with its canned getLatestVinVC", async () => {
    const tripsPage = await sdk<{
      trips: { start: { time: string; location?: { latitude: number; longitude: number } }; end: { time: string } }[];
    }>(
      dimo.trips,
      "list",
    )({ ...vehicleJwt, tokenId: VEHICLE });
    const newest = tripsPage.trips[0];
    const latest = await sdk<{
      data: { signalsLatest: { lastSeen: string; speed: { value: number }; powertrainType: { value: string } } };
    }>(
      dimo.telemetry,
      "query",
    )({
      ...vehicleJwt,
      query: `query { signalsLatest(tokenId: ${VEHICLE}) { lastSeen speed { timestamp value } powertrainType { timestamp value } } }`,
    });
    expect(latest.data.signalsLatest).toMatchObject({ speed: { value: 0 }, powertrainType: { value: "BEV" } });
    expect(Date.parse(latest.data.signalsLatest.lastSeen)).toBeGreaterThan(Date.parse(newest?.end.time ?? ""));

    const day = await sdk<{ data: { signals: { timestamp: string; speed: number }[] } }>(
      dimo.telemetry,
      "query",
    )({
      ...vehicleJwt,
      query: `{ signals(tokenId: ${VEHICLE}, interval: "1h", from: "${newest?.start.time}", to: "${newest?.end.time}") {
        timestamp speed(agg: MAX) currentLocationCoordinates(agg: FIRST) { latitude longitude } } }`,
    });
    expect(day.data.signals.length).toBeGreaterThan(0);
    expect(day.data.signals[0]).toMatchObject({ currentLocationCoordinates: newest?.start.location });

    const segments = await sdk<{ data: { segments: { start: { timestamp: string } }[] } }>(
      dimo.telemetry,
      "query",
    )({
      ...vehicleJwt,
      query: `{ segments(tokenId: ${VEHICLE}, from: "${new Date(Date.now() - 7 * 86_400_000).toISOString()}", to: "${new Date().toISOString()}",
        mechanism: ignitionDetection) { start { timestamp value { latitude longitude } } end { timestamp } duration isOngoing } }`,
    });
    expect(segments.data.segments.length).toBeGreaterThan(0);

    const vin = await sdk<{ data: { vinVCLatest: { vin: string } } }>(
      dimo.telemetry,
      "getLatestVinVC",
    )({ ...vehicleJwt, tokenId: VEHICLE });
    expect(vin.data.vinVCLatest.vin).toMatch(/^5YJ[A-HJ-NPR-Z0-9]{14}$/);
  });

  it("queries events, daily activity and attestations with the SDK's telemetry.query", async () => {
    const clock = await suite.control.clock();
    const nowUs = Date.parse(clock.now) * 1000;
    const [trip] = seededTripsWithEvents(suite.sandbox.dataDir, VEHICLE, EVENT_NAMES.harshBraking, 2, nowUs);
    expect(trip).toBeDefined();
    const query = sdk<{ data: Record<string, unknown> }>(dimo.telemetry, "query");
    const iso = (us: number) => new Date(Math.floor(us / 1000)).toISOString();

    const events = await query({
      ...vehicleJwt,
      query: `{ events(tokenId: ${VEHICLE}, from: "${iso(trip?.startUs ?? 0)}", to: "${iso((trip?.endUs ?? 0) + 1000)}",
        filter: {name: {eq: "${EVENT_NAMES.harshBraking}"}}) { timestamp name source durationNs } }`,
    });
    expect(events.data.events).toHaveLength(2);

    const day = new Date(Math.floor((trip?.startUs ?? 0) / 1000));
    const daily = await query({
      ...vehicleJwt,
      query: `{ dailyActivity(tokenId: ${VEHICLE}, from: "${day.toISOString()}", to: "${day.toISOString()}",
        mechanism: ignitionDetection, timezone: "UTC", eventRequests: [{name: "${EVENT_NAMES.harshBraking}"}]) {
        segmentCount duration eventCounts { name count } } }`,
    });
    const [activity] = daily.data.dailyActivity as { segmentCount: number; eventCounts: { count: number }[] }[];
    expect(activity?.segmentCount).toBeGreaterThan(0);
    expect(activity?.eventCounts[0]?.count).toBeGreaterThanOrEqual(2);

    const made = await request(`${suite.url}/attestation/v2/attestation/vin/${VEHICLE}`, {
      method: "POST",
      bearer: await suite.vehicleJwt(VEHICLE, [5]),
    });
    expect(made.status).toBe(200);
    // The exchange's tokens carry no cloud_events grant; the real service needs one, so this token is signed here.
    const iat = Math.floor(nowUs / 1e6);
    const granted = await suite.signWithSandboxKey("token-exchange", {
      iss: `${suite.url}/token-exchange`,
      aud: ["dimo.zone"],
      iat,
      exp: iat + 600,
      asset: vehicleDid(VEHICLE),
      permissions: [],
      cloud_events: { events: [{ eventType: "dimo.attestation", source: "*", ids: ["*"] }] },
    });
    const attestations = await query({
      headers: { Authorization: `Bearer ${granted}` },
      query: `{ attestations(tokenId: ${VEHICLE}, filter: {dataVersion: "vin/v1.0", limit: 1}) { id dataVersion tags } }`,
    });
    expect(attestations.data.attestations).toMatchObject([
      { dataVersion: "vin/v1.0", tags: ["vehicle.vin", "vehicle"] },
    ]);
  });

  it("fails its canned getLatestSignals, as the real service does: it asks for SignalsLatest(tokenID:), not in the schema", async () => {
    await expect(sdk(dimo.telemetry, "getLatestSignals")({ ...vehicleJwt, tokenId: VEHICLE })).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it("cannot request an instant offer: its getInstantOffers sends a GET, and the service routes only POST", async () => {
    await expect(sdk(dimo.valuations, "getInstantOffers")({ ...vehicleJwt, tokenId: VEHICLE })).rejects.toMatchObject({
      message: expect.stringContaining("Method Not Allowed"),
    });
  });
});
