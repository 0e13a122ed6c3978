import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DimoError } from "./errors";
import { testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { RECEIVER_TOKEN, type TestReceiver, startReceiver } from "@/sandbox/services/vehicle-triggers/test-receiver";
import { type WebhookDraft } from "@/lib/models/webhooks";

/** The license's webhooks through the Vehicle Triggers API, over HTTP against the sandbox and a local receiver. */

const sandbox = setUpSandbox();
const { control } = sandbox;

/** Privileges 1 to 6: may be subscribed to any signal. */
const VEHICLE = 21957;
const DID = `did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:${VEHICLE}`;

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  await control.reset();
  receiver.verifications.length = 0;
  receiver.deliveries.length = 0;
});

const draft = (overrides: Partial<WebhookDraft> = {}): WebhookDraft => ({
  service: "signals",
  metricName: "vss.speed",
  condition: "valueNumber > 55",
  coolDownPeriod: 0,
  targetUrl: `${receiver.url}/hook`,
  verificationToken: RECEIVER_TOKEN,
  status: "enabled",
  displayName: "Fast",
  ...overrides,
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (reason: unknown) => reason as DimoError,
  );

describe("webhooks", () => {
  it("creates a webhook with a cooldown of 0, after the target answers the verification", async () => {
    const { client, activity } = testClient(sandbox.url);
    const { id } = await client.createWebhook(draft());
    expect(receiver.verifications).toHaveLength(1);
    const listed = await client.listWebhooks();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id,
      displayName: "Fast",
      metricName: "vss.speed",
      coolDownPeriod: 0,
      status: "enabled",
      failureCount: 0,
      targetUrl: `${receiver.url}/hook`,
    });
    expect(await client.getWebhook(id)).toMatchObject({ id });
    const calls = activity.filter((entry) => entry.service === "vehicleTriggers");
    expect(calls.map((entry) => entry.method)).toEqual(["POST", "GET", "GET"]);
    // The Developer JWT is named by kind, and the verification token is not kept for replay.
    expect(calls[0]?.request?.headers.authorization).toBe("Bearer [redacted developer JWT]");
    expect(calls[0]?.replay?.body).toBeUndefined();
  });

  it.each([
    ["a target that does not answer the token", { verificationToken: "wrong" }, /verification token mismatch/],
    ["a condition that does not compile", { condition: "valueNumber >" }, /invalid CEL condition/],
    ["a negative cooldown", { coolDownPeriod: -1 }, /coolDownPeriod must be/],
    ["a non-https target", { targetUrl: "http://example.com/hook" }, /Webhook URL must be HTTPS/],
  ])("refuses %s in the API's words and creates nothing", async (_, overrides, words) => {
    const { client } = testClient(sandbox.url);
    const error = await failureOf(client.createWebhook(draft(overrides)));
    expect(`${error.message} ${(error as Partial<DimoError>).upstreamMessage ?? ""}`).toMatch(words);
    expect(await client.listWebhooks()).toEqual([]);
  });

  it("refuses a duplicate name", async () => {
    const { client } = testClient(sandbox.url);
    await client.createWebhook(draft());
    const error = await failureOf(client.createWebhook(draft()));
    expect(error).toMatchObject({ service: "vehicleTriggers", status: 400 });
    expect(error.upstreamMessage).toMatch(/Display name must be unique/);
    expect(await client.listWebhooks()).toHaveLength(1);
  });

  it("updates the given fields, a cooldown of 0 included, and deletes", async () => {
    const { client, activity } = testClient(sandbox.url);
    const { id } = await client.createWebhook(draft({ coolDownPeriod: 30 }));
    await client.updateWebhook(id, { status: "disabled", coolDownPeriod: 0 });
    expect(await client.getWebhook(id)).toMatchObject({
      status: "disabled",
      coolDownPeriod: 0,
      condition: "valueNumber > 55",
    });
    const put = activity.find((entry) => entry.method === "PUT");
    expect(JSON.parse(put?.replay?.body ?? "{}")).toEqual({ status: "disabled", coolDownPeriod: 0 });
    await client.deleteWebhook(id);
    expect(await client.listWebhooks()).toEqual([]);
    expect(await client.getWebhook(id)).toBeNull();
  });

  it("lists the signals a webhook may watch, with value types and permissions", async () => {
    const { client } = testClient(sandbox.url);
    const signals = await client.listTriggerSignals();
    expect(signals.find((signal) => signal.name === "speed")).toMatchObject({
      unit: "km/h",
      valueType: "float64",
      permissions: ["privilege:GetNonLocationHistory"],
    });
  });
});

describe("subscriptions", () => {
  it("subscribes a vehicle, delivers a match to the target, and stops after unsubscribing", async () => {
    const { client } = testClient(sandbox.url);
    const { id } = await client.createWebhook(draft());
    expect(await client.subscribeVehicle(id, VEHICLE)).toMatch(/assigned successfully/);
    expect(await client.listWebhookVehicles(id)).toEqual([DID]);
    expect(await client.listVehicleWebhooks(VEHICLE)).toEqual([
      expect.objectContaining({ webhookId: id, assetDid: DID }),
    ]);

    await control.injectSignal({ tokenId: VEHICLE, name: "speed", value: 80 });
    expect(receiver.deliveries).toHaveLength(1);
    expect(receiver.deliveries[0]?.body).toMatchObject({ type: "dimo.trigger", subject: DID });

    await client.unsubscribeVehicle(id, VEHICLE);
    expect(await client.listWebhookVehicles(id)).toEqual([]);
    await control.injectSignal({ tokenId: VEHICLE, name: "speed", value: 90 });
    expect(receiver.deliveries).toHaveLength(1);
  });

  it("subscribes several vehicles at once and reports those already subscribed", async () => {
    const { client } = testClient(sandbox.url);
    const { id } = await client.createWebhook(draft());
    await client.subscribeVehicle(id, VEHICLE);
    const outcome = await client.subscribeVehicles(id, [VEHICLE]);
    expect(outcome.failed).toEqual([{ assetDid: DID, message: "Already subscribed" }]);
  });

  it("refuses a second single subscription in the API's words", async () => {
    const { client } = testClient(sandbox.url);
    const { id } = await client.createWebhook(draft());
    await client.subscribeVehicle(id, VEHICLE);
    const error = await failureOf(client.subscribeVehicle(id, VEHICLE));
    expect(error.upstreamMessage).toBe("Already subscribed");
  });
});
