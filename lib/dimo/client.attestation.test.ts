import { beforeEach, describe, expect, it } from "vitest";
import { describeError } from "./describe-error";
import { type DimoError } from "./errors";
import { decodeJwt } from "jose";
import { CredentialsRefused, NothingToAttest, fetchCredentials } from "./attestation";
import { type HttpSettings } from "./http";
import { DEFAULT_RETRY } from "./retry";
import { count, ROUTES, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { type AttestationKind, type AttestationRequest } from "@/lib/models/attestation";

/** Credentials made with the Attestation API and read back from the Telemetry API, over HTTP against the sandbox. */

const sandbox = setUpSandbox();
const { control } = sandbox;

/** Privileges 1 to 6: every credential. */
const VEHICLE = 21957;
/** Privileges 1 and 5: no location, so no position or health credential. */
const NO_LOCATION = 20311;
/** Privileges 1 and 4: no VIN credential. */
const NO_VIN = 14011;
const DAY_MS = 24 * 3_600_000;

const ROUTE: Record<AttestationKind, string> = {
  vin: "/v2/attestation/vin/:tokenId",
  odometer: "/v2/attestation/odometer-statement/:tokenId",
  position: "/v2/attestation/vehicle-position/:tokenId",
  health: "/v2/attestation/vehicle-health/:tokenId",
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (reason: unknown) => reason as DimoError,
  );

beforeEach(async () => {
  await control.reset();
  await control.resetStats();
});

describe("creating credentials", () => {
  it.each<[AttestationKind, AttestationRequest]>([
    ["vin", { kind: "vin" }],
    ["odometer", { kind: "odometer" }],
    ["position", { kind: "position" }],
  ])("creates a %s credential with one request to its route", async (kind, attestation) => {
    const { client, activity } = testClient(sandbox.url);
    const created = await client.createAttestation(VEHICLE, attestation);
    expect(created.kind).toBe(kind);
    expect(created.message).toMatch(/VC generated successfully/);
    const stats = await control.stats();
    expect(count(stats, ROUTE[kind])).toBe(1);
    const posts = activity.filter((entry) => entry.service === "attestation");
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ method: "POST", tokenId: VEHICLE });
  });

  it("attests the position of the vehicle's latest location fix", async () => {
    const { client, activity } = testClient(sandbox.url);
    const created = await client.createAttestation(VEHICLE, { kind: "position" });
    expect(Date.parse(created.requestedAt ?? "")).not.toBeNaN();
    // The fix was read from the Telemetry API first, with the same Vehicle JWT.
    const services = activity.filter((entry) => entry.tokenId === VEHICLE).map((entry) => entry.service);
    expect(services.indexOf("telemetry")).toBeLessThan(services.indexOf("attestation"));
  });

  it("creates a health credential over a range", async () => {
    const { client } = testClient(sandbox.url);
    const endMs = Date.parse((await client.createAttestation(VEHICLE, { kind: "position" })).requestedAt ?? "");
    await control.resetStats();
    const startTime = new Date(endMs - 30 * DAY_MS).toISOString();
    const endTime = new Date(endMs).toISOString();
    const created = await client.createAttestation(VEHICLE, { kind: "health", startTime, endTime });
    expect(created.message).toMatch(/VC generated successfully/);
    expect(count(await control.stats(), ROUTE.health)).toBe(1);
  });

  it("makes one credential for a double click", async () => {
    const { client } = testClient(sandbox.url);
    const [first, second] = await Promise.all([
      client.createAttestation(VEHICLE, { kind: "odometer" }),
      client.createAttestation(VEHICLE, { kind: "odometer" }),
    ]);
    expect(second).toEqual(first);
    expect(count(await control.stats(), ROUTE.odometer)).toBe(1);
  });

  it("says in words when the vehicle reported nothing to attest", async () => {
    const { client } = testClient(sandbox.url);
    const error = await failureOf(
      client.createAttestation(VEHICLE, { kind: "position", timestamp: "2001-01-01T00:00:00Z" }),
    );
    expect(error).toBeInstanceOf(NothingToAttest);
    expect(error).toMatchObject({ code: "NOT_FOUND", service: "attestation", status: 404, retryable: false });
    expect(error?.message).toMatch(/no location within an hour of 2001-01-01 00:00 UTC/);
    expect(error?.upstreamMessage).toBe("No location data found in telemetry");
    expect(error?.callId).toEqual(expect.any(String));
  });

  it("refuses a health range the service would refuse, before any request", async () => {
    const { client } = testClient(sandbox.url);
    const request = { kind: "health", startTime: "2026-01-01T00:00:00Z", endTime: "2026-03-01T00:00:00Z" } as const;
    await expect(client.createAttestation(VEHICLE, request)).rejects.toThrow(/at most 30 days/);
    await expect(
      client.createAttestation(VEHICLE, { ...request, startTime: request.endTime, endTime: request.startTime }),
    ).rejects.toThrow(/startTime must come before endTime/);
    expect((await control.stats()).total).toBe(0);
  });

  it("lets a health range of nothing up to 30 days through, and stops one a millisecond past either end", async () => {
    // A grant without location is refused after the range is checked: "privilege 4" means the range passed.
    const { client } = testClient(sandbox.url);
    const health = (startTime: string, endTime: string) =>
      client.createAttestation(NO_LOCATION, { kind: "health", startTime, endTime });
    const start = "2026-01-01T00:00:00.000Z";
    await expect(health(start, start)).rejects.toThrow(/privilege 4/);
    await expect(health(start, "2025-12-31T23:59:59.999Z")).rejects.toThrow(/startTime must come before endTime/);
    await expect(health(start, "2026-01-31T00:00:00.000Z")).rejects.toThrow(/privilege 4/);
    await expect(health(start, "2026-01-31T00:00:00.001Z")).rejects.toThrow(/at most 30 days/);
  });
});

describe("privileges", () => {
  it.each<[number, AttestationRequest, RegExp]>([
    [NO_LOCATION, { kind: "position" }, /Location history \(privilege 4\)/],
    [
      NO_LOCATION,
      { kind: "health", startTime: "2026-01-01T00:00:00Z", endTime: "2026-01-02T00:00:00Z" },
      /privilege 4/,
    ],
    [NO_VIN, { kind: "vin" }, /VIN credential \(privilege 5\)/],
  ])("vehicle %i: refuses %o in the app's words, with no upstream call", async (tokenId, attestation, words) => {
    const { client } = testClient(sandbox.url);
    await client.getVehicle(tokenId);
    await control.resetStats();
    const error = await failureOf(client.createAttestation(tokenId, attestation));
    expect(error).toMatchObject({ code: "PRIVILEGE_MISSING", service: "attestation", retryable: false });
    expect(error?.message).toMatch(words);
    expect(describeError(error)).toMatchObject({ code: "PRIVILEGE_MISSING", message: error?.message });
    expect((await control.stats()).total).toBe(0);
  });

  it("creates the odometer statement with privilege 1 alone", async () => {
    const { client } = testClient(sandbox.url);
    const created = await client.createAttestation(NO_LOCATION, { kind: "odometer" });
    expect(created.kind).toBe("odometer");
  });
});

/**
 * A Vehicle JWT of the sandbox's exchange with the claim DIMO's exchange adds for `cloudEvents`: access to every
 * attestation event of the vehicle.
 */
async function tokenWithAttestationAccess(tokenId: number): Promise<string> {
  const claims = decodeJwt(await sandbox.vehicleJwt(tokenId, [1, 4, 5]));
  const cloud_events = { events: [{ eventType: "dimo.attestation", source: "*", ids: ["*"] }] };
  return sandbox.signWithSandboxKey("token-exchange", { ...claims, cloud_events });
}

const HTTP: HttpSettings = {
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: 2_000,
  retry: { ...DEFAULT_RETRY, baseDelayMs: 20, maxDelayMs: 100 },
  onActivity: () => undefined,
  secrets: [],
};

describe("listing credentials", () => {
  it("reads the Telemetry API's list, newest first, each with its signed JSON", async () => {
    const { client } = testClient(sandbox.url);
    await client.createAttestation(VEHICLE, { kind: "vin" });
    await client.createAttestation(VEHICLE, { kind: "odometer" });
    await client.createAttestation(VEHICLE, { kind: "position" });
    const token = await tokenWithAttestationAccess(VEHICLE);
    const target = { http: HTTP, baseUrl: `${sandbox.url}/telemetry`, token, tokenId: VEHICLE };
    const list = await fetchCredentials(target);
    expect(list.credentials.map((c) => c.kind)).toEqual(["position", "odometer", "vin"]);
    for (const credential of list.credentials) {
      const event = JSON.parse(credential.json) as { id: string; signature: string; subject: string };
      expect(event).toMatchObject({ id: credential.id, signature: credential.signature });
      expect(event.subject).toBe(`did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:${VEHICLE}`);
    }
    expect((await fetchCredentials(target, 2)).credentials.map((c) => c.kind)).toEqual(["position", "odometer"]);
  });

  it("explains a list refused to a token without access to attestation events in the app's words", async () => {
    const token = await sandbox.vehicleJwt(VEHICLE, [1, 4, 5]);
    const target = { http: HTTP, baseUrl: `${sandbox.url}/telemetry`, token, tokenId: VEHICLE };
    const error = await failureOf(fetchCredentials(target));
    expect(error).toBeInstanceOf(CredentialsRefused);
    expect(error).toMatchObject({ code: "FORBIDDEN", service: "telemetry", retryable: false });
    expect(error?.upstreamMessage).toMatch(/invalid claims/);
    expect(error?.message).toMatch(/attestation events/);
  });

  it("lists what was created, newest first, each with its signed JSON", async () => {
    const { client } = testClient(sandbox.url);
    const before = await client.listCredentials(VEHICLE);
    await client.createAttestation(VEHICLE, { kind: "vin" });
    await client.createAttestation(VEHICLE, { kind: "odometer" });
    await client.createAttestation(VEHICLE, { kind: "position" });
    const after = await client.listCredentials(VEHICLE);
    const fresh = after.credentials.filter((c) => !before.credentials.some((old) => old.id === c.id));
    expect(fresh.map((c) => c.kind)).toEqual(["position", "odometer", "vin"]);
    const times = after.credentials.map((c) => Date.parse(c.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const credential of fresh) {
      const event = JSON.parse(credential.json) as {
        id: string;
        signature: string;
        data: { credentialSubject: unknown };
      };
      expect(event.id).toBe(credential.id);
      expect(event.signature).toBe(credential.signature);
      expect(event.data.credentialSubject).toEqual(expect.any(Object));
    }
  });

  it("lists a vehicle's credentials with privilege 1 alone", async () => {
    const { client } = testClient(sandbox.url);
    await client.createAttestation(NO_LOCATION, { kind: "odometer" });
    const list = await client.listCredentials(NO_LOCATION);
    expect(list.credentials[0]?.kind).toBe("odometer");
  });

  it("asks the exchange for attestation events for the list alone, with a token of its own", async () => {
    const { client, activity } = testClient(sandbox.url);
    await client.createAttestation(VEHICLE, { kind: "odometer" });
    await client.listCredentials(VEHICLE);
    await client.createAttestation(VEHICLE, { kind: "odometer" });
    await client.listCredentials(VEHICLE);
    expect(count(await control.stats(), ROUTES.exchange)).toBe(2);

    const exchanges = activity.filter((entry) => entry.service === "tokenExchange" && entry.cache === "miss");
    const bodies = exchanges.map((entry) => JSON.parse(entry.replay?.body ?? "{}") as Record<string, unknown>);
    expect(bodies[0]).not.toHaveProperty("cloudEvents");
    expect(bodies[1]).toMatchObject({
      tokenId: VEHICLE,
      cloudEvents: { events: [{ eventType: "dimo.attestation", source: "*", ids: ["*"] }] },
    });
    const hits = activity.filter((entry) => entry.service === "tokenExchange" && entry.cache === "hit");
    expect(hits).toHaveLength(2);
  });
});
