import { cellToLatLng, latLngToCell } from "h3-js";
import { beforeEach, describe, expect, it } from "vitest";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { forgedVehicleJwt, telemetryQuery } from "@/test-support/sandbox-telemetry";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();

beforeEach(async () => {
  await suite.control.reset();
  suite.forgetTokens();
});

const LATEST = (tokenId: number) => `{
  signalsLatest(tokenId: ${tokenId}) {
    lastSeen
    speed { timestamp value }
    currentLocationCoordinates { timestamp value { latitude longitude hdop } }
    currentLocationApproximateCoordinates { timestamp value { latitude longitude hdop } }
    currentLocationHeading { value }
  }
}`;

type Latest = {
  signalsLatest: {
    lastSeen: string | null;
    speed: { timestamp: string; value: number } | null;
    currentLocationCoordinates: {
      timestamp: string;
      value: { latitude: number; longitude: number; hdop: number };
    } | null;
    currentLocationApproximateCoordinates: {
      timestamp: string;
      value: { latitude: number; longitude: number; hdop: number };
    } | null;
    currentLocationHeading: { value: number } | null;
  } | null;
};

const messages = (answer: { errors?: { message: string; path?: (string | number)[] }[] }) =>
  (answer.errors ?? []).map((e) => `${(e.path ?? []).join(".")}: ${e.message}`).sort();

describe("privileges per field", () => {
  it("serves every field to a token with privileges 1 and 4", async () => {
    const answer = await telemetryQuery<Latest>(
      suite,
      await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1, 4]),
      LATEST(VEHICLE_IDS.manyTrips),
    );
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
    const latest = answer.data?.signalsLatest;
    expect(latest?.speed?.value).toBe(0);
    expect(latest?.currentLocationCoordinates?.value.latitude).toEqual(expect.any(Number));
    const precise = latest?.currentLocationCoordinates?.value;
    const [lat, lng] = cellToLatLng(latLngToCell(precise?.latitude ?? 0, precise?.longitude ?? 0, 6));
    expect(latest?.currentLocationApproximateCoordinates?.value).toEqual({
      latitude: lat,
      longitude: lng,
      hdop: precise?.hdop,
    });
  });

  it("answers null and an error naming the privilege for location fields without 4, and still serves speed", async () => {
    // The BMW's grant holds privileges 1 and 5.
    const tokenId = VEHICLE_IDS.noTripsPrivilege;
    const answer = await telemetryQuery<Latest>(suite, await suite.vehicleJwt(tokenId, [1]), LATEST(tokenId));
    expect(answer.status).toBe(200);
    expect(answer.data?.signalsLatest?.speed?.value).toEqual(expect.any(Number));
    expect(answer.data?.signalsLatest?.lastSeen).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(answer.data?.signalsLatest?.currentLocationCoordinates).toBeNull();
    expect(answer.data?.signalsLatest?.currentLocationApproximateCoordinates).toBeNull();
    expect(answer.data?.signalsLatest?.currentLocationHeading).toBeNull();
    expect(messages(answer)).toEqual([
      "signalsLatest.currentLocationApproximateCoordinates: unauthorized: requires at least one of the following privileges [privilege:GetApproximateLocation privilege:GetLocationHistory]",
      "signalsLatest.currentLocationCoordinates: unauthorized: missing required privilege(s) privilege:GetLocationHistory",
      "signalsLatest.currentLocationHeading: unauthorized: missing required privilege(s) privilege:GetLocationHistory",
    ]);
  });

  it("serves only the approximate location to a token with privilege 8 alone: the centre of the H3 cell", async () => {
    const tokenId = VEHICLE_IDS.approximateLocationOnly;
    const answer = await telemetryQuery<Latest>(suite, await suite.vehicleJwt(tokenId, [8]), LATEST(tokenId));
    expect(messages(answer)).toEqual([
      "signalsLatest.currentLocationCoordinates: unauthorized: missing required privilege(s) privilege:GetLocationHistory",
      "signalsLatest.currentLocationHeading: unauthorized: missing required privilege(s) privilege:GetLocationHistory",
      "signalsLatest.speed: unauthorized: missing required privilege(s) privilege:GetNonLocationHistory",
    ]);
    const approximate = answer.data?.signalsLatest?.currentLocationApproximateCoordinates;
    // The precise location, read with a token the grant would not give, lies in that cell.
    const full = await telemetryQuery<Latest>(suite, await forgedVehicleJwt(suite, tokenId, [1, 4]), LATEST(tokenId));
    const precise = full.data?.signalsLatest?.currentLocationCoordinates?.value;
    expect(precise).toBeDefined();
    const [lat, lng] = cellToLatLng(latLngToCell(precise?.latitude ?? 0, precise?.longitude ?? 0, 6));
    expect(approximate?.value.latitude).toBe(lat);
    expect(approximate?.value.longitude).toBe(lng);
    expect(approximate?.timestamp).toBe(full.data?.signalsLatest?.currentLocationCoordinates?.timestamp);
    expect(Math.abs((approximate?.value.latitude ?? 0) - (precise?.latitude ?? 0))).toBeGreaterThan(0);
  });

  it("guards aggregated signals the same way", async () => {
    const tokenId = VEHICLE_IDS.noTripsPrivilege;
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const answer = await telemetryQuery<{ signals: { speed: number | null; currentLocationCoordinates: unknown }[] }>(
      suite,
      await suite.vehicleJwt(tokenId, [1]),
      `{ signals(tokenId: ${tokenId}, interval: "24h", from: "${from}", to: "${to}") { timestamp speed(agg: MAX) currentLocationCoordinates(agg: LAST) { latitude } } }`,
    );
    expect(answer.data?.signals?.length).toBeGreaterThan(0);
    expect(answer.data?.signals?.some((row) => row.speed !== null)).toBe(true);
    expect(answer.data?.signals?.every((row) => row.currentLocationCoordinates === null)).toBe(true);
    expect(new Set(answer.errors?.map((e) => e.message))).toEqual(
      new Set(["unauthorized: missing required privilege(s) privilege:GetLocationHistory"]),
    );
  });

  it("refuses vinVCLatest without privilege 5, and serves the credential with it", async () => {
    const tokenId = VEHICLE_IDS.manyTrips;
    const query = `{ vinVCLatest(tokenId: ${tokenId}) { vehicleTokenId vin recordedBy recordedAt countryCode vehicleContractAddress validFrom validTo rawVC } signalsLatest(tokenId: ${tokenId}) { lastSeen } }`;
    const refused = await telemetryQuery<{ vinVCLatest: unknown; signalsLatest: { lastSeen: string } }>(
      suite,
      await suite.vehicleJwt(tokenId, [1, 4]),
      query,
    );
    expect(refused.data?.vinVCLatest).toBeNull();
    expect(refused.data?.signalsLatest.lastSeen).toEqual(expect.any(String));
    expect(messages(refused)).toEqual([
      "vinVCLatest: unauthorized: missing required privilege(s) privilege:GetVINCredential",
    ]);

    const served = await telemetryQuery<{ vinVCLatest: Record<string, unknown> }>(
      suite,
      await suite.vehicleJwt(tokenId, [5]),
      query,
    );
    const vc = served.data?.vinVCLatest;
    expect(vc?.vehicleTokenId).toBe(tokenId);
    expect(vc?.vin).toMatch(/^5YJ[A-HJ-NPR-Z0-9]{14}$/);
    expect(vc?.countryCode).toBe("USA");
    const raw = JSON.parse(String(vc?.rawVC)) as {
      data: { credentialSubject: { vehicleIdentificationNumber: string; vehicleTokenId: number } };
    };
    expect(raw.data.credentialSubject).toMatchObject({ vehicleIdentificationNumber: vc?.vin, vehicleTokenId: tokenId });
    expect(Date.parse(String(vc?.validTo))).toBeGreaterThan(Date.parse(String(vc?.validFrom)));
    // The token without 1 still gets the credential, but not the signals' privilege-free lastSeen... which needs none.
    expect(messages(served)).toEqual([]);
  });

  it("refuses segments unless the token holds both 1 and 4", async () => {
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const segments = (tokenId: number) =>
      `{ segments(tokenId: ${tokenId}, from: "${from}", to: "${to}", mechanism: ignitionDetection) { start { timestamp } } }`;
    const onlyLocation = await telemetryQuery(
      suite,
      await suite.vehicleJwt(VEHICLE_IDS.noValuationPrivilege, [4]),
      segments(VEHICLE_IDS.noValuationPrivilege),
    );
    expect(onlyLocation.status).toBe(200);
    expect(onlyLocation.data).toBeNull();
    expect(messages(onlyLocation)).toEqual([
      "segments: unauthorized: missing required privilege(s) privilege:GetNonLocationHistory",
    ]);
    const onlyHistory = await telemetryQuery(
      suite,
      await suite.vehicleJwt(VEHICLE_IDS.noTripsPrivilege, [1]),
      segments(VEHICLE_IDS.noTripsPrivilege),
    );
    expect(messages(onlyHistory)).toEqual([
      "segments: unauthorized: missing required privilege(s) privilege:GetLocationHistory",
    ]);
    const both = await telemetryQuery<{ segments: unknown[] }>(
      suite,
      await suite.vehicleJwt(VEHICLE_IDS.locationAndHistoryOnly, [1, 4]),
      segments(VEHICLE_IDS.locationAndHistoryOnly),
    );
    expect(both.errors).toBeUndefined();
    expect(both.data?.segments.length).toBeGreaterThan(0);
  });
});

describe("the Vehicle JWT", () => {
  it("must be for the queried vehicle", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1, 4]);
    const answer = await telemetryQuery(
      suite,
      token,
      `{ signalsLatest(tokenId: ${VEHICLE_IDS.exactly100}) { lastSeen } availableSignals(tokenId: ${VEHICLE_IDS.exactly100}) }`,
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ signalsLatest: null, availableSignals: null });
    expect(messages(answer)).toEqual([
      "availableSignals: unauthorized: token id does not match",
      "signalsLatest: unauthorized: token id does not match",
    ]);
  });

  it("is refused with 401 once expired, by the sandbox clock", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    await suite.control.advanceClock(11 * 60);
    const answer = await request(`${suite.url}/telemetry/query`, {
      method: "POST",
      bearer: token,
      json: { query: `{ signalsLatest(tokenId: ${VEHICLE_IDS.manyTrips}) { lastSeen } }` },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "JWT is invalid." });
  });

  it("is refused with 401 when signed by another key", async () => {
    const forged = await suite.signWithSandboxKey("auth", {
      aud: ["dimo.zone"],
      exp: Math.floor(Date.now() / 1000) + 600,
      asset: `did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:${VEHICLE_IDS.manyTrips}`,
    });
    const answer = await request(`${suite.url}/telemetry/query`, {
      method: "POST",
      bearer: forged,
      json: { query: "{ __typename }" },
    });
    expect(answer.status).toBe(401);
  });

  it("may be absent: every guarded field then fails with 'jwt missing'", async () => {
    const answer = await telemetryQuery(
      suite,
      null,
      `{ signalsLatest(tokenId: ${VEHICLE_IDS.manyTrips}) { lastSeen } }`,
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ signalsLatest: null });
    expect(messages(answer)).toEqual(["signalsLatest: unauthorized: jwt missing"]);
  });

  it("must come as `Bearer <token>`", async () => {
    const answer = await request(`${suite.url}/telemetry/query`, {
      method: "POST",
      headers: { authorization: "Token abc" },
      json: { query: "{ __typename }" },
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: "Something went wrong while checking the JWT." });
  });
});

describe("GraphQL over HTTP", () => {
  it("answers 422 for syntax and validation errors, 400 for a body that is not a GraphQL request", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    const syntax = await telemetryQuery(suite, token, "{ signalsLatest(tokenId: 1) {");
    expect(syntax.status).toBe(422);
    expect(syntax.errors?.[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    const unknownField = await telemetryQuery(
      suite,
      token,
      `{ signalsLatest(tokenId: ${VEHICLE_IDS.manyTrips}) { rpm { value } } }`,
    );
    expect(unknownField.status).toBe(422);
    expect(unknownField.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    const badTime = await telemetryQuery(
      suite,
      token,
      `query($from: Time!) { signals(tokenId: 1, interval: "1h", from: $from, to: $from) { timestamp } }`,
      {
        from: "yesterday",
      },
    );
    expect(badTime.status).toBe(422);
    const notGraphQL = await request(`${suite.url}/telemetry/query`, {
      method: "POST",
      bearer: token,
      json: { variables: {} },
    });
    expect(notGraphQL.status).toBe(400);
  });
});
