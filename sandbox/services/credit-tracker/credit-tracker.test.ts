import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { vehicleDid } from "@/lib/protocol";
import { DEMO_GRANTED_VEHICLE_IDS, VEHICLE_IDS } from "../../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { telemetryQuery } from "@/test-support/sandbox-telemetry";
import { LOW_BALANCE_CREDITS, SEED_CREDITS } from "./seed-grants";

const suite = setUpSandbox();
const license = DEMO_LICENSE.clientId;
const DAY_MS = 86_400_000;

beforeEach(async () => {
  await suite.control.reset();
});

const since = (ms: number) => new Date(Date.now() - ms).toISOString();

async function licenseUsage(query: string, bearer?: string, licenseId: string = license) {
  return request(`${suite.url}/credit-tracker/v1/credits/${licenseId}/usage?${query}`, {
    bearer: bearer ?? (await suite.developerJwt()),
  });
}

async function assetUsage(tokenId: number, query: string) {
  const did = encodeURIComponent(vehicleDid(tokenId));
  return request(`${suite.url}/credit-tracker/v1/credits/${license}/assets/${did}/usage?${query}`, {
    bearer: await suite.developerJwt(),
  });
}

async function odometerQuery(tokenId: number) {
  const token = await suite.vehicleJwt(tokenId, [1]);
  return telemetryQuery(suite, token, `{ signalsLatest(tokenId: ${tokenId}) { lastSeen } }`);
}

describe("credit tracker", () => {
  it("reports the seeded grants: one per vehicle shared with the license, none used", async () => {
    const answer = await licenseUsage(`fromDate=${since(30 * DAY_MS)}`);
    expect(answer.status).toBe(200);
    const body = answer.body as Record<string, unknown>;
    expect(body).toEqual({
      licenseId: license,
      fromDate: expect.any(String),
      toDate: "0001-01-01T00:00:00Z",
      numOfAssets: expect.any(Number),
      numOfCreditsGrantsPurchased: body.numOfAssets,
      numOfCreditsUsed: 0,
    });
    expect(body.numOfAssets).toBeGreaterThanOrEqual(DEMO_GRANTED_VEHICLE_IDS.length);
  });

  it("charges one credit per Telemetry query to its vehicle, and nothing for a refused one", async () => {
    const from = since(60_000);
    const tokenId = VEHICLE_IDS.exactly100;
    expect((await odometerQuery(tokenId)).status).toBe(200);
    expect((await odometerQuery(tokenId)).status).toBe(200);
    const token = await suite.vehicleJwt(tokenId, [1]);
    expect((await telemetryQuery(suite, token, "{ nope }")).status).toBe(422);
    expect((await telemetryQuery(suite, null, `{ signalsLatest(tokenId: ${tokenId}) { lastSeen } }`)).status).toBe(200);

    const asset = await assetUsage(tokenId, `fromDate=${from}`);
    expect(asset.body).toMatchObject({
      licenseId: license,
      assetDid: vehicleDid(tokenId),
      numOfCreditsUsed: 2,
      numOfCreditsGrantsPurchased: 0,
      currentCreditsRemaining: SEED_CREDITS - 2,
    });
    expect((await licenseUsage(`fromDate=${from}`)).body).toMatchObject({ numOfAssets: 1, numOfCreditsUsed: 2 });
  });

  it("serves a query on an exhausted balance and buys a grant of 50,000, as the real tracker does", async () => {
    const tokenId = VEHICLE_IDS.manyTrips;
    const from = since(60_000);
    expect((await assetUsage(tokenId, `fromDate=${from}`)).body).toMatchObject({
      currentCreditsRemaining: LOW_BALANCE_CREDITS,
    });
    for (let i = 0; i < LOW_BALANCE_CREDITS; i++) await odometerQuery(tokenId);
    expect((await assetUsage(tokenId, `fromDate=${from}`)).body).toMatchObject({ currentCreditsRemaining: 0 });
    const last = await odometerQuery(tokenId);
    expect(last.status).toBe(200);
    expect(last.errors).toBeUndefined();
    expect((await assetUsage(tokenId, `fromDate=${from}`)).body).toMatchObject({
      numOfCreditsUsed: LOW_BALANCE_CREDITS + 1,
      numOfCreditsGrantsPurchased: 1,
      currentCreditsRemaining: SEED_CREDITS - 1,
    });
  });

  it("adds credits through the control surface", async () => {
    const added = await suite.control.addCredits({ tokenId: VEHICLE_IDS.manyTrips, amount: 500 });
    expect(added.currentCreditsRemaining).toBe(LOW_BALANCE_CREDITS + 500);
    const asset = await assetUsage(VEHICLE_IDS.manyTrips, `fromDate=${since(60_000)}`);
    expect(asset.body).toMatchObject({ numOfCreditsGrantsPurchased: 1, currentCreditsRemaining: 520 });
    const set = await suite.control.setCredits({ tokenId: VEHICLE_IDS.manyTrips, amount: 7 });
    expect(set.currentCreditsRemaining).toBe(7);
  });

  it("answers the real service's errors", async () => {
    const noJwt = await request(`${suite.url}/credit-tracker/v1/credits/${license}/usage?fromDate=${since(0)}`);
    expect([noJwt.status, noJwt.text]).toEqual([400, "missing or malformed JWT"]);
    const badJwt = await licenseUsage(`fromDate=${since(DAY_MS)}`, "not.a.jwt");
    expect([badJwt.status, badJwt.text]).toEqual([401, "Invalid or expired JWT"]);
    // The license id is compared as a string: another case of the same address is another license.
    const otherCase = await licenseUsage(`fromDate=${since(DAY_MS)}`, undefined, license.toLowerCase());
    expect([otherCase.status, otherCase.body]).toEqual([
      401,
      { message: "Unauthorized license does not match", code: 401 },
    ]);
    expect((await licenseUsage("")).body).toEqual({ message: "fromDate is required", code: 400 });
    expect((await licenseUsage("fromDate=2026-01-01")).body).toEqual({ message: "Invalid fromDate", code: 400 });
    expect((await licenseUsage(`fromDate=${since(DAY_MS)}&toDate=soon`)).body).toEqual({
      message: "Invalid toDate",
      code: 400,
    });
    const future = await licenseUsage(`fromDate=${new Date(Date.now() + DAY_MS).toISOString()}`);
    expect([future.status, future.body]).toEqual([500, { message: "Failed to get license usage report", code: 500 }]);
    const assetNoFrom = await assetUsage(VEHICLE_IDS.manyTrips, "");
    expect([assetNoFrom.status, assetNoFrom.body]).toEqual([400, { message: "Invalid fromDate", code: 400 }]);
  });

  it("writes the dates back as Go does, fraction trimmed", async () => {
    const answer = await licenseUsage("fromDate=2026-01-01T00:00:00.500000Z&toDate=2026-01-02T00:00:00%2B02:00");
    expect(answer.body).toMatchObject({ fromDate: "2026-01-01T00:00:00.5Z", toDate: "2026-01-02T00:00:00+02:00" });
  });
});
