import { type DIMO } from "@dimo-network/data-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { sdkAgainstSandbox } from "@/test-support/official-sdk";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "./seed/vehicles";
import { type AttestationEvent } from "./services/attestation/credentials";
import { credentialSigner, latestDrive, storedCredentials } from "@/test-support/sandbox-attestation";

/**
 * Every method of the official data SDK's Attestation resource, unchanged, against a test sandbox. As in
 * official-sdk.test.ts, the SDK takes no base URLs, so the test adds an environment naming the sandbox's
 * attestation address to the SDK's exported tables.
 */

type AuthHeaders = { headers: { Authorization: string } };
const VEHICLE = VEHICLE_IDS.manyTrips;
const SUCCESS = { message: "VC generated successfully, retrieve using the provided telemetry-api." };

function attestationMethod(dimo: DIMO, name: string): (params: Record<string, unknown>) => Promise<unknown> {
  const method: unknown = Reflect.get(dimo.attestation, name);
  if (typeof method !== "function") throw new Error(`The SDK has no Attestation method ${name}.`);
  return (params) => Promise.resolve(method.call(dimo.attestation, params));
}

describe("the official data SDK's Attestation resource against the sandbox", () => {
  const suite = setUpSandbox();
  let dimo: DIMO;
  let auth: AuthHeaders;

  beforeAll(async () => {
    dimo = sdkAgainstSandbox("Sandbox-attestation", suite.url);
    auth = { headers: { Authorization: `Bearer ${await suite.vehicleJwt(VEHICLE, [1, 4, 5])}` } };
  });

  const drivingMoment = () => {
    const drive = latestDrive(suite.sandbox.dataDir, VEHICLE, Date.now());
    return new Date(Math.min(drive.startUs / 1000 + 60_000, Date.now() - 1000)).toISOString();
  };

  async function newestSignedBySource(kind: string): Promise<AttestationEvent> {
    const [newest] = storedCredentials(suite.sandbox.dataDir, VEHICLE);
    expect(newest?.kind).toBe(kind);
    const event = JSON.parse(newest?.event ?? "{}") as AttestationEvent;
    expect(await credentialSigner(event)).toBe(event.source);
    return event;
  }

  it("createVinVC: the VIN credential, fetched back through the answer's URL and query", async () => {
    const answer = (await attestationMethod(dimo, "createVinVC")({ ...auth, tokenId: VEHICLE })) as {
      vcUrl: string;
      vcQuery: string;
    };
    expect(answer).toMatchObject({ vcUrl: `${suite.url}/telemetry/query` });
    await newestSignedBySource("vin");
    const fetched = await request(answer.vcUrl, {
      method: "POST",
      bearer: await suite.vehicleJwt(VEHICLE, [5]),
      json: { query: answer.vcQuery },
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ data: { vinVCLatest: { rawVC: expect.any(String) } } });
  });

  it("createOdometerStatementVC: with a timestamp and without one", async () => {
    const withTime = attestationMethod(dimo, "createOdometerStatementVC");
    expect(await withTime({ ...auth, tokenId: VEHICLE, timestamp: drivingMoment() })).toEqual(SUCCESS);
    await newestSignedBySource("odometer");
    expect(await withTime({ ...auth, tokenId: VEHICLE })).toEqual(SUCCESS);
    await newestSignedBySource("odometer");
  });

  it("createVehicleHealthVC", async () => {
    const endTime = new Date().toISOString();
    const startTime = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const answer = await attestationMethod(
      dimo,
      "createVehicleHealthVC",
    )({ ...auth, tokenId: VEHICLE, startTime, endTime });
    expect(answer).toEqual(SUCCESS);
    await newestSignedBySource("health");
  });

  it("createVehiclePositionVC", async () => {
    const answer = await attestationMethod(
      dimo,
      "createVehiclePositionVC",
    )({
      ...auth,
      tokenId: VEHICLE,
      timestamp: drivingMoment(),
    });
    expect(answer).toEqual(SUCCESS);
    await newestSignedBySource("position");
  });
});
