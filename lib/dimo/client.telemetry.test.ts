import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { type StubServer, reply, startStubServer } from "@/test-support/stub-server";
import { sandboxConfig, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";

/**
 * The client's telemetry methods through the one token manager: the sandbox signs in and exchanges real tokens, a
 * scripted server stands in for the Telemetry API, so what the client asks for (and does not ask for) can be seen.
 */

const sandbox = setUpSandbox();
let telemetry: StubServer;

beforeAll(async () => {
  telemetry = await startStubServer();
});
afterAll(() => telemetry.close());

function client() {
  const config = sandboxConfig(sandbox.url);
  return testClient(sandbox.url, {
    config: { ...config, urls: { ...config.urls, telemetry: `${telemetry.url}/telemetry` } },
  }).client;
}

const sentQuery = (index = 0) => (JSON.parse(telemetry.received[index]?.body ?? "{}") as { query: string }).query;
const EMPTY_LATEST = { data: { signalsLatest: { lastSeen: null }, availableSignals: [], dataSummary: null } };

describe("telemetry through the token manager", () => {
  it("sends a Vehicle JWT for the vehicle and asks for every signal a full grant allows", async () => {
    telemetry.script(reply(200, EMPTY_LATEST));
    await client().getLatestSignals(VEHICLE_IDS.manyTrips);
    const token = telemetry.received[0]?.headers.authorization?.replace(/^Bearer /, "") ?? "";
    expect(decodeJwt(token)).toMatchObject({ token_id: String(VEHICLE_IDS.manyTrips) });
    expect(sentQuery()).toMatch(/\bspeed \{/);
    expect(sentQuery()).toMatch(/currentLocationCoordinates \{/);
  });

  it("asks a grant without location history for no location field", async () => {
    telemetry.script(reply(200, EMPTY_LATEST));
    await client().getLatestSignals(VEHICLE_IDS.noTripsPrivilege);
    expect(sentQuery()).toMatch(/\bspeed \{/);
    expect(sentQuery()).not.toMatch(/currentLocation/);
  });

  it("asks a grant with location history only for the location fields, not the other signals", async () => {
    telemetry.script(reply(200, EMPTY_LATEST));
    await client().getLatestSignals(VEHICLE_IDS.noValuationPrivilege);
    expect(sentQuery()).toMatch(/currentLocationCoordinates \{/);
    expect(sentQuery()).toMatch(/currentLocationApproximateCoordinates \{/);
    expect(sentQuery()).not.toMatch(/\bspeed \{|powertrainRange/);
  });

  it("refuses what the grant does not allow without calling the Telemetry API", async () => {
    telemetry.script(reply(200, {}));
    const c = client();
    await expect(c.getVin(VEHICLE_IDS.noValuationPrivilege)).rejects.toMatchObject({
      code: "PRIVILEGE_MISSING",
      service: "telemetry",
    });
    await expect(
      c.listSegments(VEHICLE_IDS.noTripsPrivilege, {
        from: "2026-10-01T00:00:00Z",
        to: "2026-10-30T00:00:00Z",
        limit: 10,
      }),
    ).rejects.toMatchObject({
      code: "PRIVILEGE_MISSING",
      message: expect.stringMatching(/Location history \(privilege 4\)/),
    });
    await expect(
      c.getSignalHistory(VEHICLE_IDS.noValuationPrivilege, {
        signal: "speed",
        aggregation: "AVG",
        interval: "1h",
        from: "2026-10-01T00:00:00Z",
        to: "2026-10-02T00:00:00Z",
      }),
    ).rejects.toMatchObject({ code: "PRIVILEGE_MISSING" });
    expect(telemetry.received).toHaveLength(0);
  });
});
