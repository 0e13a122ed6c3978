import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { RECEIVER_TOKEN, startReceiver, type TestReceiver } from "./test-receiver";

const VEHICLE = VEHICLE_IDS.manyTrips;
const DID = vehicleDid(VEHICLE);

interface Created {
  id: string;
  message: string;
}

describe("the Vehicle Triggers API (default profile)", () => {
  const suite = setUpSandbox();
  let receiver: TestReceiver;
  let jwt: string;
  const api = (path: string) => `${suite.url}/vehicle-triggers/v1/webhooks${path}`;
  const call = async (method: string, path: string, json?: unknown) =>
    request(api(path), { method, bearer: jwt, ...(json === undefined ? {} : { json }) });

  const speedWebhook = (overrides: Record<string, unknown> = {}) => ({
    service: "signals",
    metricName: "vss.speed",
    condition: "valueNumber > 100",
    coolDownPeriod: 0,
    targetURL: `${receiver.url}/hook`,
    status: "enabled",
    verificationToken: RECEIVER_TOKEN,
    ...overrides,
  });

  async function create(body: Record<string, unknown>): Promise<string> {
    const answer = await call("POST", "", body);
    expect(answer.status, answer.text).toBe(201);
    return (answer.body as Created).id;
  }

  async function createSubscribed(body: Record<string, unknown>, tokenId = VEHICLE): Promise<string> {
    const id = await create(body);
    const subscribed = await call("POST", `/${id}/subscribe/${vehicleDid(tokenId)}`);
    expect(subscribed.status, subscribed.text).toBe(201);
    return id;
  }

  const speed = (value: number, tokenId = VEHICLE) => suite.control.injectSignal({ tokenId, name: "speed", value });
  const webhookView = async (id: string) =>
    ((await call("GET", "")).body as { id: string; status: string; failureCount: number }[]).find((w) => w.id === id);

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    await suite.control.reset();
    suite.forgetTokens();
    jwt = await suite.developerJwt();
    receiver.verifications.length = 0;
    receiver.deliveries.length = 0;
  });

  it("answers as the real JWT middleware and license check do", async () => {
    const none = await request(api(""));
    expect(none).toMatchObject({ status: 400, text: "missing or malformed JWT" });
    const forged = await request(api(""), { bearer: "e30.e30.e30" });
    expect(forged).toMatchObject({ status: 401, text: "Invalid or expired JWT" });
    const now = Math.floor(Date.now() / 1000);
    const userJwt = await suite.signWithSandboxKey("auth", {
      ethereum_address: "0x1111111111111111111111111111111111111111",
      iat: now,
      exp: now + 600,
    });
    const user = await request(api(""), { bearer: userJwt });
    expect(user).toMatchObject({ status: 403, body: { code: 403, message: "JWT is not from a developer license" } });
  });

  it("verifies the target on registration and lists the webhook", async () => {
    const id = await create(speedWebhook({ displayName: "Speeding", description: "Over 100 km/h" }));
    expect(receiver.verifications).toHaveLength(1);
    expect(receiver.verifications[0]?.body).toEqual({ verification: "test" });
    const list = await call("GET", "");
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        service: "signals",
        metricName: "vss.speed",
        condition: "valueNumber > 100",
        targetURL: `${receiver.url}/hook`,
        coolDownPeriod: 0,
        status: "enabled",
        description: "Over 100 km/h",
        displayName: "Speeding",
        failureCount: 0,
      }),
    ]);
    const unnamed = await create(speedWebhook());
    expect(await webhookView(unnamed)).toMatchObject({ displayName: unnamed });
  });

  it("lists the signals with their value types and permissions", async () => {
    const signals = (await call("GET", "/signals")).body as {
      name: string;
      valueType: string;
      permissions: string[];
    }[];
    expect(signals.find((s) => s.name === "speed")).toEqual({
      name: "speed",
      description: "Vehicle speed.",
      unit: "km/h",
      valueType: "float64",
      permissions: ["privilege:GetNonLocationHistory"],
    });
    expect(signals.find((s) => s.name === "currentLocationCoordinates")).toMatchObject({
      valueType: "vss.Location",
      permissions: ["privilege:GetLocationHistory"],
    });
  });

  it("delivers one CloudEvent for a match and none for a non-match", async () => {
    const id = await createSubscribed(speedWebhook({ displayName: "Fast" }));
    const miss = await speed(80);
    expect(miss.outcomes).toEqual([{ webhookId: id, outcome: "conditionNotMet" }]);
    expect(receiver.deliveries).toHaveLength(0);

    const started = performance.now();
    const hit = await speed(120);
    const elapsedMs = performance.now() - started;
    expect(hit.outcomes).toMatchObject([{ webhookId: id, outcome: "delivered" }]);
    expect(receiver.deliveries).toHaveLength(1);
    const delivery = receiver.deliveries[0];
    expect(delivery?.headers["content-type"]).toBe("application/json");
    expect(delivery?.headers["user-agent"]).toBe("DIMO-Webhook/1.0");
    expect(delivery?.headers).not.toHaveProperty("x-dimo-signature");
    expect(delivery?.body).toMatchObject({
      specversion: "1.0",
      type: "dimo.trigger",
      source: "vehicle-triggers-api",
      subject: DID,
      id: hit.outcomes[0]?.deliveryId,
      datacontenttype: "application/json",
      dataversion: "signals/v1.0",
      producer: "",
      data: {
        service: "signals",
        metricName: "vss.speed",
        webhookId: id,
        webhookName: "Fast",
        assetDID: DID,
        condition: "valueNumber > 100",
        signal: { name: "speed", unit: "km/h", valueType: "float64", value: 120 },
      },
    });
    const logged = await suite.control.deliveries({ webhookId: id });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ status: "delivered", httpStatus: 200, assetDID: DID, tokenId: VEHICLE });
    // The delivery's own time: some of the call's, never more.
    const durationMs = logged[0]?.durationMs ?? -1;
    expect(durationMs).toBeGreaterThan(0);
    expect(durationMs).toBeLessThanOrEqual(elapsedMs);
  });

  it("delivers once for two matches inside the cooldown, again after it", async () => {
    await suite.control.freezeClock();
    const id = await createSubscribed(speedWebhook({ coolDownPeriod: 60 }));
    expect((await speed(130)).outcomes).toMatchObject([{ outcome: "delivered" }]);
    expect((await speed(140)).outcomes).toEqual([{ webhookId: id, outcome: "coolDown" }]);
    expect(receiver.deliveries).toHaveLength(1);
    await suite.control.advanceClock(60);
    expect((await speed(150)).outcomes).toMatchObject([{ outcome: "delivered" }]);
    expect(receiver.deliveries).toHaveLength(2);
  });

  it("sees the previous value of the metric's last delivery", async () => {
    await createSubscribed(speedWebhook({ condition: "valueNumber > previousValueNumber + 10.0" }));
    expect((await speed(5)).outcomes).toMatchObject([{ outcome: "conditionNotMet" }]);
    expect((await speed(20)).outcomes).toMatchObject([{ outcome: "delivered" }]);
    // 25 is not 10 above the 20 delivered.
    expect((await speed(25)).outcomes).toMatchObject([{ outcome: "conditionNotMet" }]);
    expect((await speed(31)).outcomes).toMatchObject([{ outcome: "delivered" }]);
  });

  it("marks a webhook failed after five failures in a row; an update brings it back", async () => {
    const id = await createSubscribed(speedWebhook({ targetURL: `${receiver.url}/fail` }));
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await speed(110)).outcomes).toMatchObject([{ outcome: "failed" }]);
      expect(await webhookView(id)).toMatchObject({
        failureCount: attempt,
        status: attempt < 5 ? "enabled" : "failed",
      });
    }
    expect((await speed(110)).outcomes).toEqual([{ webhookId: id, outcome: "notAttempted" }]);
    expect(receiver.deliveries).toHaveLength(5);
    const failures = await suite.control.deliveries({ webhookId: id });
    expect(failures[0]).toMatchObject({
      status: "failed",
      httpStatus: 500,
      error: "webhook returned status code 500: broken",
    });

    const updated = await call("PUT", `/${id}`, { status: "enabled", targetURL: `${receiver.url}/hook` });
    expect(updated).toMatchObject({ status: 200, body: { id, message: "Webhook updated successfully" } });
    expect(await webhookView(id)).toMatchObject({ failureCount: 0, status: "enabled" });
    expect((await speed(110)).outcomes).toMatchObject([{ outcome: "delivered" }]);
  });

  it("a success resets the failure count", async () => {
    const id = await createSubscribed(speedWebhook());
    receiver.failing = true;
    try {
      await speed(110);
      await speed(110);
    } finally {
      receiver.failing = false;
    }
    expect(await webhookView(id)).toMatchObject({ failureCount: 2, status: "enabled" });
    expect((await speed(110)).outcomes).toMatchObject([{ outcome: "delivered" }]);
    expect(await webhookView(id)).toMatchObject({ failureCount: 0 });
  });

  it("sends nothing after unsubscribing, nor when disabled", async () => {
    const id = await createSubscribed(speedWebhook());
    expect((await speed(110)).outcomes).toMatchObject([{ outcome: "delivered" }]);
    const gone = await call("DELETE", `/${id}/unsubscribe/${DID}`);
    expect(gone).toMatchObject({ status: 200, body: { message: "Vehicle unsubscribed successfully" } });
    expect((await speed(110)).outcomes).toEqual([]);
    expect(receiver.deliveries).toHaveLength(1);

    await call("POST", `/${id}/subscribe/${DID}`);
    await call("PUT", `/${id}`, { status: "disabled" });
    expect((await speed(110)).outcomes).toEqual([{ webhookId: id, outcome: "notAttempted" }]);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it("evaluates events and locations with the real variables", async () => {
    const braking = await createSubscribed({
      ...speedWebhook(),
      service: "events",
      metricName: "behavior.harshBraking",
      condition: "durationNs > 1000000000 && metadata.contains('hard')",
    });
    const soft = await suite.control.injectEvent({ tokenId: VEHICLE, name: "behavior.harshBraking", durationNs: 5e8 });
    expect(soft.outcomes).toEqual([{ webhookId: braking, outcome: "conditionNotMet" }]);
    const hard = await suite.control.injectEvent({
      tokenId: VEHICLE,
      name: "behavior.harshBraking",
      durationNs: 2e9,
      metadata: { level: "hard" },
    });
    expect(hard.outcomes).toMatchObject([{ outcome: "delivered" }]);
    expect(receiver.deliveries.at(-1)?.body).toMatchObject({
      dataversion: "events/v1.0",
      data: { event: { name: "behavior.harshBraking", durationNs: 2e9, metadata: '{"level":"hard"}' } },
    });

    await createSubscribed({
      ...speedWebhook(),
      metricName: "vss.currentLocationCoordinates",
      condition: "geoDistance(value.latitude, value.longitude, 36.1147, -115.1728) < 1.0",
    });
    const far = await suite.control.injectSignal({
      tokenId: VEHICLE,
      name: "currentLocationCoordinates",
      value: { latitude: 36.2, longitude: -115.17 },
    });
    expect(far.outcomes).toMatchObject([{ outcome: "conditionNotMet" }]);
    const near = await suite.control.injectSignal({
      tokenId: VEHICLE,
      name: "currentLocationCoordinates",
      value: { latitude: 36.115, longitude: -115.173, hdop: 0.9 },
    });
    expect(near.outcomes).toMatchObject([{ outcome: "delivered" }]);
    expect(receiver.deliveries.at(-1)?.body).toMatchObject({
      data: { signal: { valueType: "vss.Location", value: { latitude: 36.115, longitude: -115.173, hdop: 0.9 } } },
    });
  });

  it("refuses bad webhooks with the real words and creates nothing", async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await call("POST", "", body);
      return { status: answer.status, message: (answer.body as { message?: string } | undefined)?.message };
    };
    expect(await refusal(speedWebhook({ targetURL: "http://example.com/hook" }))).toEqual({
      status: 400,
      message: "Webhook URL must be HTTPS",
    });
    expect(await refusal(speedWebhook({ targetURL: "not a url" }))).toEqual({
      status: 400,
      message: "Invalid webhook URL",
    });
    const badCondition = await refusal(speedWebhook({ condition: "valueNumber >" }));
    expect(badCondition.status).toBe(400);
    expect(badCondition.message).toMatch(/^invalid CEL condition: /);
    expect(await refusal(speedWebhook({ condition: "valueNumber + 1.0" }))).toEqual({
      status: 400,
      message: "invalid CEL condition: output type is not bool: double",
    });
    expect(await refusal(speedWebhook({ service: "telemetry" }))).toEqual({
      status: 400,
      message: "Invalid service: telemetry",
    });
    expect(await refusal(speedWebhook({ coolDownPeriod: -1 }))).toEqual({
      status: 400,
      message: "Cool down period must be greater than or equal to 0",
    });
    expect(await refusal(speedWebhook({ status: "paused" }))).toEqual({
      status: 400,
      message: "Invalid status, must be 'enabled' or 'disabled', got 'paused'",
    });
    expect(await refusal(speedWebhook({ verificationToken: "other" }))).toEqual({
      status: 400,
      message: "verification token mismatch: the target did not answer with the verification token",
    });
    expect(await refusal(speedWebhook({ targetURL: `${receiver.url}/status/404` }))).toEqual({
      status: 400,
      message: "Target URL did not return status 200 (got 404)",
    });
    expect(await refusal(speedWebhook({ targetURL: "http://127.0.0.1:9/closed" }))).toEqual({
      status: 400,
      message: "Failed to call target URL",
    });
    expect(await refusal(speedWebhook({ coolDownPeriod: "30" }))).toEqual({
      status: 400,
      message: "Invalid request payload",
    });
    expect((await call("GET", "")).body).toEqual([]);

    await create(speedWebhook({ displayName: "Alert" }));
    expect(await refusal(speedWebhook({ displayName: "Alert" }))).toEqual({
      status: 400,
      message: "Display name must be unique",
    });
    // The real unique index compares display names as they are written.
    await create(speedWebhook({ displayName: "ALERT" }));
  });

  it("keeps service and metric fixed and checks updates and subscriptions", async () => {
    const id = await create(speedWebhook());
    await call("PUT", `/${id}`, { service: "events", metricName: "vss.powertrainRange", coolDownPeriod: 0 });
    expect(await webhookView(id)).toMatchObject({ service: "signals", metricName: "vss.speed" });
    expect(await call("PUT", `/${id}`, { coolDownPeriod: 1.5 })).toMatchObject({
      status: 400,
      body: {
        message:
          "Invalid request payload: json: cannot unmarshal number 1.5 into Go struct field webhook.UpdateWebhookRequest.coolDownPeriod of type int",
      },
    });
    expect(await call("GET", "/not-a-uuid")).toMatchObject({ status: 400, body: { message: "Invalid webhook id" } });
    expect(await call("DELETE", `/${crypto.randomUUID()}`)).toMatchObject({
      status: 404,
      body: { message: "Webhook not found" },
    });
    expect(await call("POST", `/${id}/subscribe/did:erc721:137:0xnope:1`)).toMatchObject({
      status: 400,
      body: { message: "Invalid asset DID format: invalid DID, invalid contract address 0xnope" },
    });
    // Vehicle 20777's grant lacks non-location history, which speed needs.
    expect(await call("POST", `/${id}/subscribe/${vehicleDid(VEHICLE_IDS.noValuationPrivilege)}`)).toMatchObject({
      status: 403,
      body: { message: "Insufficient vehicle permissions" },
    });
    expect(await call("POST", `/${id}/subscribe/${vehicleDid(VEHICLE_IDS.notGranted)}`)).toMatchObject({
      status: 403,
    });
    expect(await call("POST", `/${id}/subscribe/${DID}`)).toMatchObject({ status: 201 });
    expect(await call("POST", `/${id}/subscribe/${DID}`)).toMatchObject({
      status: 400,
      body: { message: "Already subscribed" },
    });
    const list = await call("POST", `/${id}/subscribe/list`, {
      assetDIDs: [vehicleDid(VEHICLE_IDS.perf), vehicleDid(VEHICLE_IDS.exactly100)],
    });
    expect(list).toMatchObject({ status: 200, body: { message: "Subscribed 2 assets" } });
    expect((await call("GET", `/${id}`)).body).toEqual(
      expect.arrayContaining([DID, vehicleDid(VEHICLE_IDS.perf), vehicleDid(VEHICLE_IDS.exactly100)]),
    );
    expect((await call("GET", `/vehicles/${DID}`)).body).toEqual([
      expect.objectContaining({ webhookId: id, assetDid: DID }),
    ]);
    const dropped = await call("DELETE", `/${id}/unsubscribe/list`, { assetDIDs: [vehicleDid(VEHICLE_IDS.perf)] });
    expect(dropped).toMatchObject({ status: 200, body: { message: "Unsubscribed 1 assets" } });
    expect(await call("DELETE", `/${id}/unsubscribe/all`)).toMatchObject({
      body: { message: "Unsubscribed 2 vehicles" },
    });
    expect(await call("DELETE", `/${id}`)).toMatchObject({
      status: 200,
      body: { message: "Webhook deleted successfully" },
    });
  });

  it("removes a subscription once the license's grant no longer allows the metric", async () => {
    const id = await createSubscribed(speedWebhook());
    // Seeded grants run about a year.
    await suite.control.advanceClock(400 * 24 * 3600);
    expect((await speed(110)).outcomes).toEqual([{ webhookId: id, outcome: "permissionDenied" }]);
    suite.forgetTokens();
    jwt = await suite.developerJwt();
    expect((await call("GET", `/${id}`)).body).toEqual([]);
    expect(receiver.deliveries).toHaveLength(0);
  });
});

describe("the Vehicle Triggers API (realistic profile)", () => {
  const suite = setUpSandbox({ profile: "realistic" });
  let receiver: TestReceiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("refuses http:// targets on this machine as DIMO does", async () => {
    const answer = await request(`${suite.url}/vehicle-triggers/v1/webhooks`, {
      method: "POST",
      bearer: await suite.developerJwt(),
      json: {
        service: "signals",
        metricName: "vss.speed",
        condition: "valueNumber > 1",
        coolDownPeriod: 0,
        targetURL: `${receiver.url}/hook`,
        status: "enabled",
        verificationToken: RECEIVER_TOKEN,
      },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 400, message: "Webhook URL must be HTTPS" } });
    expect(receiver.verifications).toHaveLength(0);
  });
});
