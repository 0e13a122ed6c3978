import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { getDeveloperJwt } from "../../flow-client";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { telemetryQuery } from "@/test-support/sandbox-telemetry";

const suite = setUpSandbox();

async function exchange(body: unknown, bearer?: string, rawBody?: string) {
  return request(`${suite.url}/token-exchange/v1/tokens/exchange`, {
    method: "POST",
    ...(bearer ? { bearer } : {}),
    ...(rawBody === undefined ? { json: body } : { body: rawBody, headers: { "content-type": "application/json" } }),
  });
}

const body = (tokenId: number, privileges: number[]) => ({
  nftContractAddress: VEHICLE_NFT_CONTRACT,
  privileges,
  tokenId,
});

const lacks = (missing: string, tokenId: number) =>
  `Address ${DEMO_LICENSE.clientId} lacks permissions ${missing} for asset did:erc721:137:${VEHICLE_NFT_CONTRACT}:${tokenId}.`;

beforeEach(async () => {
  await suite.control.reset();
});

describe("token exchange", () => {
  it("issues a Vehicle JWT with exactly the contract's claims, signed with its own published key", async () => {
    const answer = await exchange(body(VEHICLE_IDS.manyTrips, [4, 1, 4]), await suite.developerJwt());
    expect(answer.status).toBe(200);
    const { token } = answer.body as { token: string };
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "RS256", kid: expect.stringMatching(/^[0-9a-f]{40}$/) });

    const exchangeKeys = (await request(`${suite.url}/token-exchange/keys`)).body as { keys: { kid: string }[] };
    const authKeys = (await request(`${suite.url}/auth/keys`)).body as { keys: { kid: string }[] };
    expect(exchangeKeys.keys[0]?.kid).not.toBe(authKeys.keys[0]?.kid);
    const { payload } = await jwtVerify(
      token,
      createLocalJWKSet(exchangeKeys as Parameters<typeof createLocalJWKSet>[0]),
    );
    expect(payload).toEqual({
      iss: `${suite.url}/token-exchange`,
      sub: DEMO_LICENSE.clientId,
      aud: ["dimo.zone"],
      iat: payload.iat,
      exp: (payload.iat ?? 0) + 600,
      token_id: String(VEHICLE_IDS.manyTrips),
      contract_address: VEHICLE_NFT_CONTRACT.toLowerCase(),
      privilege_ids: [1, 4],
      asset: `did:erc721:137:${VEHICLE_NFT_CONTRACT}:${VEHICLE_IDS.manyTrips}`,
      permissions: ["privilege:GetNonLocationHistory", "privilege:GetLocationHistory"],
    });
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(5);
  });

  it("accepts the contract address in any case", async () => {
    const answer = await exchange(
      { ...body(VEHICLE_IDS.manyTrips, [1]), nftContractAddress: VEHICLE_NFT_CONTRACT.toLowerCase() },
      await suite.developerJwt(),
    );
    expect(answer.status).toBe(200);
  });

  it("answers 400 text/plain without a well-formed bearer header", async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
      { authorization: "token" },
    ];
    for (const headers of headerSets) {
      const answer = await request(`${suite.url}/token-exchange/v1/tokens/exchange`, {
        method: "POST",
        headers,
        body: JSON.stringify(body(VEHICLE_IDS.manyTrips, [1])),
      });
      expect(answer.status).toBe(400);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(answer.text).toBe("missing or malformed JWT");
    }
  });

  it("answers 401 text/plain for a token that is not a valid Developer JWT", async () => {
    const developer = await suite.developerJwt();
    const vehicleToken = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    const [head, payload, signature] = developer.split(".");
    const tampered = `${head}.${payload}x.${signature}`;
    const foreignKey = await suite.signWithSandboxKey("token-exchange", {
      aud: DEMO_LICENSE.clientId,
      ethereum_address: DEMO_LICENSE.clientId,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    for (const token of ["abc", tampered, vehicleToken, foreignKey]) {
      const answer = await exchange(body(VEHICLE_IDS.manyTrips, [1]), token);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(answer.text).toBe("Invalid or expired JWT");
    }
  });

  it("answers 401 once the Developer JWT has expired by the sandbox clock", async () => {
    const developer = await getDeveloperJwt(suite.url);
    await suite.control.advanceClock(14 * 24 * 3600 + 1);
    const answer = await exchange(body(VEHICLE_IDS.manyTrips, [1]), developer);
    expect(answer.status).toBe(401);
    expect(answer.text).toBe("Invalid or expired JWT");
  });

  it("answers 403 for a Developer JWT of an address that is not a license", async () => {
    const stranger = "0x1111111111111111111111111111111111111111";
    const now = Math.floor(Date.now() / 1000);
    const token = await suite.signWithSandboxKey("auth", {
      aud: stranger,
      ethereum_address: stranger,
      iat: now,
      exp: now + 3600,
    });
    const answer = await exchange(body(VEHICLE_IDS.manyTrips, [1]), token);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 403, message: `not a dev license: ${stranger}` });
  });

  it("answers 400 for a body that is not JSON or has the wrong types", async () => {
    const token = await suite.developerJwt();
    const cases = [
      { raw: "{not json" },
      { raw: "" },
      { json: { ...body(VEHICLE_IDS.manyTrips, [1]), tokenId: String(VEHICLE_IDS.manyTrips) } },
      { json: { ...body(VEHICLE_IDS.manyTrips, [1]), privileges: "1" } },
      { json: { ...body(VEHICLE_IDS.manyTrips, [1]), tokenId: 1.5 } },
      { json: { privileges: [1], tokenId: VEHICLE_IDS.manyTrips } },
      { json: [1, 2] },
    ];
    for (const testCase of cases) {
      const answer =
        "raw" in testCase ? await exchange(undefined, token, testCase.raw) : await exchange(testCase.json, token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, message: "Couldn't parse request body." });
    }
  });

  it("answers 400 for another contract", async () => {
    const other = "0x1234567890123456789012345678901234567890";
    const answer = await exchange(
      { ...body(VEHICLE_IDS.manyTrips, [1]), nftContractAddress: other },
      await suite.developerJwt(),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, message: `Invalid NFT contract address "${other}".` });
  });

  it("answers 400 for empty privileges", async () => {
    const answer = await exchange(body(VEHICLE_IDS.manyTrips, []), await suite.developerJwt());
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, message: "Please provide at least one privilege or cloudevent" });
  });

  it("answers 400 for privileges outside 1..8, listing them", async () => {
    const token = await suite.developerJwt();
    const single = await exchange(body(VEHICLE_IDS.manyTrips, [1, 9]), token);
    expect(single.status).toBe(400);
    expect(single.body).toEqual({ code: 400, message: "unknown privileges [9]" });
    const several = await exchange(body(VEHICLE_IDS.manyTrips, [0, 4, 12]), token);
    expect(several.body).toEqual({ code: 400, message: "unknown privileges [0 12]" });
  });

  it("answers 403 naming the privileges the grant lacks", async () => {
    const answer = await exchange(body(VEHICLE_IDS.noTripsPrivilege, [1, 4, 6]), await suite.developerJwt());
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 403, message: lacks("[4 6]", VEHICLE_IDS.noTripsPrivilege) });
  });

  it("answers 403 for vehicles without a live grant to the license, or unknown", async () => {
    const token = await suite.developerJwt();
    for (const tokenId of [
      VEHICLE_IDS.expiredGrant,
      VEHICLE_IDS.notGranted,
      VEHICLE_IDS.grantedToOtherLicense,
      999_999,
    ]) {
      const answer = await exchange(body(tokenId, [1, 4]), token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: 403, message: lacks("[1 4]", tokenId) });
    }
  });

  it("judges grant expiry by the sandbox clock", async () => {
    await suite.control.advanceClock(366 * 24 * 3600);
    // A Developer JWT issued at the moved clock, so only the grant can be out of date.
    const developer = await getDeveloperJwt(suite.url);
    const answer = await exchange(body(VEHICLE_IDS.manyTrips, [1]), developer);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 403, message: lacks("[1]", VEHICLE_IDS.manyTrips) });
  });

  it("issues tokens whose iat and exp follow the sandbox clock", async () => {
    await suite.control.advanceClock(3600);
    const developer = await getDeveloperJwt(suite.url);
    const answer = await exchange(body(VEHICLE_IDS.manyTrips, [1]), developer);
    const { payload } = await jwtVerify(
      (answer.body as { token: string }).token,
      createLocalJWKSet(
        (await request(`${suite.url}/token-exchange/keys`)).body as Parameters<typeof createLocalJWKSet>[0],
      ),
      { currentDate: new Date(Date.now() + 3600_000) },
    );
    expect(Math.abs((payload.iat ?? 0) - (Date.now() / 1000 + 3600))).toBeLessThan(5);
  });
});

describe("token exchange with cloudEvents", () => {
  const ATTESTATIONS = { eventType: "dimo.attestation", source: "*", ids: ["*"] };
  const withEvents = (tokenId: number, privileges: number[], events: unknown) => ({
    ...body(tokenId, privileges),
    cloudEvents: { events },
  });

  it("writes the granted filters into the cloud_events claim, which the Telemetry API honours", async () => {
    const source = "0x1234567890AbcdEF1234567890aBcdef12345678";
    const filters = [ATTESTATIONS, { eventType: "dimo.status", source, ids: ["a", "b"] }];
    const answer = await exchange(withEvents(VEHICLE_IDS.manyTrips, [1], filters), await suite.developerJwt());
    expect(answer.status).toBe(200);
    const token = (answer.body as { token: string }).token;
    const claims = decodeJwt(token);
    expect(claims.cloud_events).toEqual({ events: filters });
    expect(claims.privilege_ids).toEqual([1]);
    expect(claims.permissions).toEqual(["privilege:GetNonLocationHistory"]);

    const made = await request(`${suite.url}/attestation/v2/attestation/odometer-statement/${VEHICLE_IDS.manyTrips}`, {
      method: "POST",
      bearer: token,
    });
    expect(made.status).toBe(200);
    const listed = await telemetryQuery<{ attestations: { dataVersion: string }[] }>(
      suite,
      token,
      `{ attestations(tokenId: ${VEHICLE_IDS.manyTrips}) { dataVersion } }`,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.attestations).toHaveLength(1);
  });

  it("grants cloud events without privileges", async () => {
    const answer = await exchange(withEvents(VEHICLE_IDS.manyTrips, [], [ATTESTATIONS]), await suite.developerJwt());
    expect(answer.status).toBe(200);
    const claims = decodeJwt((answer.body as { token: string }).token);
    expect(claims).toMatchObject({ privilege_ids: [], permissions: [], cloud_events: { events: [ATTESTATIONS] } });
  });

  it("writes no claim when no events are asked for", async () => {
    const token = await suite.developerJwt();
    for (const cloudEvents of [null, {}, { events: null }, { events: [] }]) {
      const answer = await exchange({ ...body(VEHICLE_IDS.manyTrips, [1]), cloudEvents }, token);
      expect(answer.status).toBe(200);
      expect(decodeJwt((answer.body as { token: string }).token)).not.toHaveProperty("cloud_events");
    }
    const empty = await exchange({ ...body(VEHICLE_IDS.manyTrips, []), cloudEvents: { events: [] } }, token);
    expect(empty.body).toEqual({ code: 400, message: "Please provide at least one privilege or cloudevent" });
  });

  it("answers 400 naming the filter that lacks a required field", async () => {
    const token = await suite.developerJwt();
    const cases: [unknown, string][] = [
      [[{ source: "*", ids: ["*"] }], "cloudEvents.events[0].eventType must be specified"],
      [[ATTESTATIONS, { eventType: "", source: "*", ids: ["*"] }], "cloudEvents.events[1].eventType must be specified"],
      [
        [{ eventType: "dimo.attestation", source: "*", ids: [] }],
        "cloudEvents.events[0].ids must contain at least one element",
      ],
      [[{ eventType: "dimo.attestation", source: "*" }], "cloudEvents.events[0].ids must contain at least one element"],
      [
        [{ eventType: "dimo.attestation", source: "*", ids: [""] }],
        "cloudEvents.events[0].ids must not contain an empty id",
      ],
      [
        [{ eventType: "dimo.attestation", ids: ["*"] }],
        'cloudEvents.events[0].source must be specified ("*" for any source)',
      ],
    ];
    for (const [events, message] of cases) {
      const answer = await exchange(withEvents(VEHICLE_IDS.manyTrips, [1], events), token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, message });
    }
  });

  it("answers 400 for cloudEvents of the wrong types", async () => {
    const token = await suite.developerJwt();
    for (const cloudEvents of [
      "dimo.attestation",
      [ATTESTATIONS],
      { events: ATTESTATIONS },
      { events: [{ ...ATTESTATIONS, ids: "*" }] },
      { events: [{ ...ATTESTATIONS, eventType: 7 }] },
    ]) {
      const answer = await exchange({ ...body(VEHICLE_IDS.manyTrips, [1]), cloudEvents }, token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, message: "Couldn't parse request body." });
    }
  });

  it("answers 403 for vehicles without a live grant to the license, or unknown", async () => {
    const token = await suite.developerJwt();
    for (const tokenId of [
      VEHICLE_IDS.expiredGrant,
      VEHICLE_IDS.notGranted,
      VEHICLE_IDS.grantedToOtherLicense,
      999_999,
    ]) {
      const alone = await exchange(withEvents(tokenId, [], [ATTESTATIONS]), token);
      expect(alone.status).toBe(403);
      expect(alone.body).toEqual({
        code: 403,
        message: `Address ${DEMO_LICENSE.clientId} lacks access to cloud events for asset did:erc721:137:${VEHICLE_NFT_CONTRACT}:${tokenId}.`,
      });
      const withPrivileges = await exchange(withEvents(tokenId, [1], [ATTESTATIONS]), token);
      expect(withPrivileges.status).toBe(403);
      expect(withPrivileges.body).toEqual({ code: 403, message: lacks("[1]", tokenId) });
    }
  });

  it("judges the grant's expiry by the sandbox clock", async () => {
    await suite.control.advanceClock(366 * 24 * 3600);
    const developer = await getDeveloperJwt(suite.url);
    const answer = await exchange(withEvents(VEHICLE_IDS.manyTrips, [], [ATTESTATIONS]), developer);
    expect(answer.status).toBe(403);
  });
});
