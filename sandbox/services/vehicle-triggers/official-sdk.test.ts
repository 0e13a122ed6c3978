import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { sdkAgainstSandbox, sdkMethod } from "@/test-support/official-sdk";
import { setUpSandbox } from "@/test-support/sandbox";
import { RECEIVER_TOKEN, startReceiver, type TestReceiver } from "./test-receiver";

/**
 * Every method of the official data SDK's `vehicleTriggers` resource (1.6.0, unchanged) against a test sandbox. As in
 * sandbox/official-sdk.test.ts, the SDK looks its hosts up by environment name, so the test registers one more
 * environment whose VehicleTriggers address is the sandbox's.
 */

const sdk = sdkMethod;

const VEHICLE = VEHICLE_IDS.manyTrips;
const DID = vehicleDid(VEHICLE);

describe("the official data SDK's vehicleTriggers against the sandbox", () => {
  const suite = setUpSandbox();
  let receiver: TestReceiver;
  let triggers: object;
  let headers: { Authorization: string };
  let webhookId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    triggers = sdkAgainstSandbox("Sandbox-vehicle-triggers", suite.url).vehicleTriggers;
    headers = { Authorization: `Bearer ${await suite.developerJwt()}` };
    // The SDK logs every error answer to the console before throwing.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await receiver.close();
  });

  const webhook = {
    service: "signals",
    metricName: "vss.speed",
    condition: "valueNumber > 120",
    coolDownPeriod: 30,
    targetURL: "",
    status: "enabled",
    verificationToken: RECEIVER_TOKEN,
    displayName: "SDK speeding",
    description: "Made through the SDK",
  };

  it("getWebhookSignalNames", async () => {
    const signals = await sdk<{ name: string; valueType: string }[]>(triggers, "getWebhookSignalNames")({ headers });
    expect(signals).toContainEqual(expect.objectContaining({ name: "speed", valueType: "float64" }));
  });

  it("createWebhook (the SDK itself refuses a cooldown of 0 as missing)", async () => {
    const created = await sdk<{ id: string; message: string }>(
      triggers,
      "createWebhook",
    )({ headers, ...webhook, targetURL: `${receiver.url}/hook` });
    expect(created.message).toBe("Webhook registered successfully");
    webhookId = created.id;
    expect(receiver.verifications).toHaveLength(1);
    await expect(
      sdk(triggers, "createWebhook")({ headers, ...webhook, coolDownPeriod: 0, targetURL: `${receiver.url}/hook` }),
    ).rejects.toThrow("Missing required body parameter: coolDownPeriod");
  });

  it("listWebhooks", async () => {
    const list = await sdk<{ id: string; displayName: string }[]>(triggers, "listWebhooks")({ headers });
    expect(list).toEqual([expect.objectContaining({ id: webhookId, displayName: "SDK speeding" })]);
  });

  it("updateWebhook (the SDK wraps the fields in `request`, which the API ignores)", async () => {
    const updated = await sdk<{ id: string; message: string }>(
      triggers,
      "updateWebhook",
    )({ headers, webhookId, request: { condition: "valueNumber > 130" } });
    expect(updated).toEqual({ id: webhookId, message: "Webhook updated successfully" });
    const list = await sdk<{ condition: string }[]>(triggers, "listWebhooks")({ headers });
    expect(list[0]?.condition).toBe("valueNumber > 120");
  });

  it("subscribeVehicle, listSubscribedVehicles and listVehicleSubscriptions", async () => {
    const subscribed = await sdk<{ message: string }>(
      triggers,
      "subscribeVehicle",
    )({ headers, webhookId, tokenDID: DID });
    expect(subscribed.message).toBe("Vehicle assigned successfully");
    expect(await sdk(triggers, "listSubscribedVehicles")({ headers, webhookId })).toEqual([DID]);
    expect(await sdk(triggers, "listVehicleSubscriptions")({ headers, tokenDID: DID })).toEqual([
      expect.objectContaining({ webhookId, assetDid: DID, description: "Made through the SDK" }),
    ]);
    const sample = await suite.control.injectSignal({ tokenId: VEHICLE, name: "speed", value: 150 });
    expect(sample.outcomes).toMatchObject([{ webhookId, outcome: "delivered" }]);
  });

  it("subscribeAllVehicles (refused: some vehicles shared with the demo license lack the privilege)", async () => {
    await expect(sdk(triggers, "subscribeAllVehicles")({ headers, webhookId })).rejects.toMatchObject({
      statusCode: 403,
      body: {
        code: 403,
        message: `Insufficient permissions for asset ${vehicleDid(VEHICLE_IDS.noValuationPrivilege)}`,
      },
    });
  });

  it("unsubscribeVehicle, unsubscribeAllVehicles and deleteWebhook", async () => {
    const one = await sdk<{ message: string }>(triggers, "unsubscribeVehicle")({ headers, webhookId, tokenDID: DID });
    expect(one.message).toBe("Vehicle unsubscribed successfully");
    await sdk(triggers, "subscribeVehicle")({ headers, webhookId, tokenDID: DID });
    const all = await sdk<{ message: string }>(triggers, "unsubscribeAllVehicles")({ headers, webhookId });
    expect(all.message).toBe("Unsubscribed 1 vehicles");
    const deleted = await sdk<{ message: string }>(triggers, "deleteWebhook")({ headers, webhookId });
    expect(deleted.message).toBe("Webhook deleted successfully");
    expect(await sdk(triggers, "listWebhooks")({ headers })).toEqual([]);
  });
});
