import { getResolution } from "h3-js";
import { beforeEach, describe, expect, it } from "vitest";
import { type PrivilegeId, VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { getVehicleJwt } from "../../flow-client";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { type AttestationEvent } from "./credentials";
import { parseGoTime } from "./go-time";
import { attesterAddress, credentialSigner, latestDrive, storedCredentials } from "@/test-support/sandbox-attestation";

const suite = setUpSandbox();
const VEHICLE = VEHICLE_IDS.manyTrips;
const HOUR_US = 3_600_000_000;
const SUCCESS = { message: "VC generated successfully, retrieve using the provided telemetry-api." };

async function attest(path: string, privileges: PrivilegeId[], json?: unknown, tokenId: number = VEHICLE) {
  const url = `${suite.url}/attestation/v2/attestation/${path}/${tokenId}`;
  return request(url, { method: "POST", bearer: await suite.vehicleJwt(VEHICLE, privileges), json });
}

/** The newest credential the sandbox stored for the vehicle, parsed. */
function newestEvent(): AttestationEvent {
  const [newest] = storedCredentials(suite.sandbox.dataDir, VEHICLE);
  if (!newest) throw new Error("no credential stored");
  return JSON.parse(newest.event) as AttestationEvent;
}

/** A moment of the vehicle's latest trip, in the past: it was driving then. */
function drivingMomentUs(): number {
  const drive = latestDrive(suite.sandbox.dataDir, VEHICLE, Date.now());
  return Math.min(drive.startUs + 60_000_000, Date.now() * 1000 - 1_000_000);
}
const iso = (us: number) => new Date(us / 1000).toISOString();
const goTimeUs = (text: unknown) => parseGoTime(String(text)) ?? Number.NaN;

beforeEach(async () => {
  await suite.control.reset();
  suite.forgetTokens();
});

describe("the attestation service", () => {
  it("issues a VIN credential signed by the attester and says where the Telemetry API serves it", async () => {
    const answer = await attest("vin", [5]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      vcUrl: `${suite.url}/telemetry/query`,
      vcQuery: `query {vinVCLatest(tokenId: ${VEHICLE}) {rawVC}}`,
      message: "VC generated successfully. Retrieve using the provided GQL URL and query parameter.",
    });

    const event = newestEvent();
    const attester = attesterAddress(suite.sandbox.dataDir);
    expect(event).toMatchObject({
      type: "dimo.attestation",
      specversion: "1.0",
      source: attester,
      subject: vehicleDid(VEHICLE),
      dataversion: "vin/v1.0",
      tags: ["vehicle.vin", "vehicle"],
    });
    expect(await credentialSigner(event)).toBe(attester);
    const subject = event.data.credentialSubject;
    expect(subject).toMatchObject({ id: vehicleDid(VEHICLE), vehicleTokenId: VEHICLE });
    expect(subject.vehicleContractAddress).toBe(`eth:${VEHICLE_NFT_CONTRACT}`);
    expect(subject.recordedBy).toBe(event.producer);
    expect(new Date(event.data.validTo).getUTCDay()).toBe(0);

    // The VIN is the one the Telemetry API knows for the vehicle.
    const telemetry = await request(`${suite.url}/telemetry/query`, {
      method: "POST",
      bearer: await suite.vehicleJwt(VEHICLE, [5]),
      json: { query: `{ vinVCLatest(tokenId: ${VEHICLE}) { vin } }` },
    });
    const vin = (telemetry.body as { data: { vinVCLatest: { vin: string } } }).data.vinVCLatest.vin;
    expect(subject.vehicleIdentificationNumber).toBe(vin);
  });

  it("no longer verifies once a credential's data is changed", async () => {
    await attest("vin", [5]);
    const event = newestEvent();
    const forged = { ...event, data: { ...event.data, credentialSubject: { ...event.data.credentialSubject } } };
    forged.data.credentialSubject.vehicleIdentificationNumber = "1HGCM82633A004352";
    expect(await credentialSigner(forged)).not.toBe(attesterAddress(suite.sandbox.dataDir));
  });

  it("states the odometer closest to a requested time, and the latest one without a time", async () => {
    const atUs = drivingMomentUs();
    const then = await attest("odometer-statement", [1], { timestamp: iso(atUs) });
    expect(then.status).toBe(200);
    expect(then.body).toEqual(SUCCESS);
    const thenEvent = newestEvent();
    expect(thenEvent.dataversion).toBe("vehicleodometer/v1.0.0");
    expect(await credentialSigner(thenEvent)).toBe(thenEvent.source);
    const reading = thenEvent.data.credentialSubject.odometerReading as {
      value: number;
      unit: string;
      timestamp: string;
    };
    expect(reading.unit).toBe("km");
    expect(reading.value).toBeGreaterThan(0);
    expect(Math.abs(goTimeUs(reading.timestamp) - atUs)).toBeLessThanOrEqual(HOUR_US);
    expect(goTimeUs(thenEvent.data.credentialSubject.requestedTimestamp)).toBe(Math.floor(atUs / 1000) * 1000);

    const latest = await attest("odometer-statement", [1]);
    expect(latest.status).toBe(200);
    const latestSubject = newestEvent().data.credentialSubject;
    expect(latestSubject.requestedTimestamp).toBeUndefined();
    expect((latestSubject.odometerReading as { value: number }).value).toBeGreaterThanOrEqual(reading.value);
  });

  it("attests the vehicle's position as an H3 cell of resolution 8", async () => {
    const atUs = drivingMomentUs();
    const answer = await attest("vehicle-position", [4], { timestamp: iso(atUs) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(SUCCESS);
    const event = newestEvent();
    expect(event.tags).toEqual(["vehicle.position", "vehicle"]);
    expect(await credentialSigner(event)).toBe(event.source);
    const location = event.data.credentialSubject.location as {
      locationType: string;
      locationValue: { h3CellId: string };
      timestamp: string;
    };
    expect(location.locationType).toBe("h3Cell");
    expect(getResolution(location.locationValue.h3CellId)).toBe(8);
    expect(Math.abs(goTimeUs(location.timestamp) - atUs)).toBeLessThanOrEqual(HOUR_US);
    // Valid for five minutes, as the real attester makes it.
    expect(goTimeUs(event.data.validTo) - goTimeUs(event.data.validFrom)).toBe(5 * 60_000_000);
  });

  it("attests the vehicle's health over a range, and refuses a range it cannot take", async () => {
    const endUs = Date.now() * 1000;
    const startUs = endUs - 7 * 24 * HOUR_US;
    const answer = await attest("vehicle-health", [1, 4], { startTime: iso(startUs), endTime: iso(endUs) });
    expect(answer.status).toBe(200);
    const subject = newestEvent().data.credentialSubject as {
      healthStatus: { dtcs: unknown[]; healthScore: number; isHealthy: boolean };
      searchedTimeRange: { start: string; end: string };
    };
    expect(Array.isArray(subject.healthStatus.dtcs)).toBe(true);
    expect(subject.healthStatus.healthScore).toBeGreaterThanOrEqual(0);
    expect(subject.healthStatus.isHealthy).toBe(subject.healthStatus.healthScore >= 70);
    expect(goTimeUs(subject.searchedTimeRange.start)).toBe(Math.floor(startUs / 1000) * 1000);

    const tooLong = await attest("vehicle-health", [1, 4], {
      startTime: iso(endUs - 31 * 24 * HOUR_US),
      endTime: iso(endUs),
    });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 400, message: "time range cannot exceed 30 days" } });
    const reversed = await attest("vehicle-health", [1, 4], { startTime: iso(endUs), endTime: iso(startUs) });
    expect(reversed.body).toEqual({ code: 400, message: "startTime must be before endTime" });
    const notJson = await attest("vehicle-health", [1, 4], { startTime: "yesterday" });
    expect(notJson.body).toEqual({ code: 400, message: "invalid request body" });
  });

  it("answers 404 with the real words when there is nothing to attest", async () => {
    const longAgo = await attest("vehicle-position", [4], { timestamp: "2001-01-01T00:00:00Z" });
    expect(longAgo).toMatchObject({ status: 404, body: { code: 404, message: "No location data found in telemetry" } });
    const noTrips = VEHICLE_IDS.noTrips;
    const url = `${suite.url}/attestation/v2/attestation/vin/${noTrips}`;
    const vin = await request(url, { method: "POST", bearer: await suite.vehicleJwt(noTrips, [5]) });
    expect(vin).toMatchObject({ status: 400, body: { code: 400, message: "No paired devices" } });
  });
});

describe("the attestation service's checks", () => {
  const ROUTES: [string, PrivilegeId[], PrivilegeId[]][] = [
    ["vin", [5], [1, 4]],
    ["odometer-statement", [1], [4, 5]],
    ["vehicle-health", [1, 4], [1, 5]],
    ["vehicle-position", [4], [1, 5]],
  ];

  it.each(ROUTES)(
    "%s: refuses a request without a token, with a bad one, or without privilege %j",
    async (path, _needed, without) => {
      const url = `${suite.url}/attestation/v2/attestation/${path}/${VEHICLE}`;
      const none = await request(url, { method: "POST" });
      expect(none).toMatchObject({ status: 400, text: "missing or malformed JWT" });
      expect(none.headers.get("content-type")).toMatch(/^text\/plain/);
      const forged = await request(url, { method: "POST", bearer: "not.a.jwt" });
      expect(forged).toMatchObject({ status: 401, text: "Invalid or expired JWT" });

      const unprivileged = await attest(path, without, {});
      expect(unprivileged.status).toBe(401);
      expect(unprivileged.body).toEqual({
        code: 401,
        message: "Unauthorized! Token does not contain required privileges",
      });
      expect(storedCredentials(suite.sandbox.dataDir, VEHICLE)).toHaveLength(0);
    },
  );

  it("refuses a token for another vehicle, and a vehicle not shared never gets a token", async () => {
    const other = await attest("vin", [5], undefined, VEHICLE_IDS.notGranted);
    expect(other.body).toEqual({ code: 401, message: "Unauthorized! mismatch token Id provided" });
    await expect(getVehicleJwt(suite.url, await suite.developerJwt(), VEHICLE_IDS.notGranted, [5])).rejects.toThrow();
  });
});

describe("the stored credentials", () => {
  it("are listed newest first, by kind and since a time, and cleared by a reset", async () => {
    await attest("vin", [5]);
    await suite.control.advanceClock(60);
    await attest("odometer-statement", [1]);
    const dataDir = suite.sandbox.dataDir;
    const all = storedCredentials(dataDir, VEHICLE);
    expect(all.map((credential) => credential.kind)).toEqual(["odometer", "vin"]);
    const [odometer, vin] = all;
    expect(storedCredentials(dataDir, VEHICLE, { kind: "vin" })).toEqual([vin]);
    expect(storedCredentials(dataDir, VEHICLE, { since: (vin?.issuedAt ?? 0) + 30_000 })).toEqual([odometer]);
    expect(storedCredentials(dataDir, VEHICLE_IDS.perf)).toEqual([]);
    await suite.control.reset();
    expect(storedCredentials(dataDir, VEHICLE)).toEqual([]);
  });
});
