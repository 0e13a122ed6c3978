import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { setUpSandbox } from "@/test-support/sandbox";
import { count } from "@/test-support/dimo-client";
import { RECEIVER_TOKEN, type TestReceiver, startReceiver } from "@/sandbox/services/vehicle-triggers/test-receiver";
import { POST as inboxPost } from "@/app/api/inbox/[secret]/route";
import {
  createWebhookAction,
  deleteWebhookAction,
  setWebhookStatusAction,
  subscribeAllVehiclesAction,
  subscribeVehiclesAction,
  unsubscribeVehicleAction,
  updateWebhookAction,
} from "@/lib/actions/webhooks";
import { readInbox } from "./inbox";
import { listVehicleChoices, listVehicleWatchers, listWebhookRows, validateCondition } from "./webhooks";

/** The webhooks section's reads and actions, through the app's own client, against the sandbox and a receiver. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "admin" };
const VEHICLE = 21957;

const { control } = setUpSandbox({ pointApp: true });
let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  auth.session = SIGNED_IN;
  await control.reset();
  await control.resetStats();
  receiver.deliveries.length = 0;
});

const input = (overrides: Record<string, unknown> = {}) => ({
  displayName: "Fast",
  service: "signals" as const,
  metricName: "vss.speed",
  condition: "valueNumber > 55",
  coolDownPeriod: 0,
  targetUrl: `${receiver.url}/hook`,
  verificationToken: RECEIVER_TOKEN,
  ...overrides,
});

const triggersCalls = async () => count(await control.stats(), "/v1/webhooks");

describe("conditions", () => {
  it("checks a condition for the metric's value type with the service's words", async () => {
    expect(
      await validateCondition({ service: "signals", metricName: "vss.speed", condition: "valueNumber > 5" }),
    ).toEqual({ ok: true, data: { error: null } });
    const bad = await validateCondition({ service: "signals", metricName: "vss.speed", condition: "valueNumber >" });
    expect(bad.ok && bad.data.error).toMatch(/^invalid CEL condition: /);
    const text = await validateCondition({
      service: "signals",
      metricName: "vss.powertrainType",
      condition: "value > 5",
    });
    expect(text.ok && text.data.error).toMatch(/invalid CEL condition/);
  });

  it("refuses a bad condition before calling DIMO, so nothing is created", async () => {
    const result = await createWebhookAction(input({ condition: "valueNumber >" }));
    expect(result).toMatchObject({ ok: false, error: { code: "INVALID_INPUT", message: /invalid CEL condition/ } });
    expect((await control.stats()).total).toBe(0);
  });
});

describe("webhooks", () => {
  it("creates with a cooldown of 0, subscribes, disables, unsubscribes and deletes", async () => {
    const created = await createWebhookAction(input());
    if (!created.ok) throw new Error(created.error.message);
    const { id } = created.data;
    expect(await subscribeVehiclesAction({ id, tokenIds: [VEHICLE] })).toMatchObject({ ok: true });

    const rows = await listWebhookRows();
    expect(rows).toMatchObject({ ok: true, data: [{ id, coolDownPeriod: 0, status: "enabled", vehicles: [VEHICLE] }] });

    await control.injectSignal({ tokenId: VEHICLE, name: "speed", value: 80 });
    expect(receiver.deliveries).toHaveLength(1);

    expect(await setWebhookStatusAction({ id, status: "disabled" })).toMatchObject({ ok: true });
    await control.injectSignal({ tokenId: VEHICLE, name: "speed", value: 90 });
    expect(receiver.deliveries).toHaveLength(1);

    expect(await unsubscribeVehicleAction({ id, tokenId: VEHICLE })).toMatchObject({ ok: true });
    expect(await deleteWebhookAction({ id })).toMatchObject({ ok: true });
    expect(await listWebhookRows()).toEqual({ ok: true, data: [] });
  });

  it("edits name, condition, cooldown and target, keeping the metric; a bad condition sends nothing", async () => {
    const first = await createWebhookAction(input({ coolDownPeriod: 30 }));
    if (!first.ok) throw new Error(first.error.message);
    const { id } = first.data;
    const edit = (overrides: Record<string, unknown>) =>
      updateWebhookAction({
        id,
        displayName: "Faster",
        condition: "valueNumber > 90",
        coolDownPeriod: 0,
        targetUrl: `${receiver.url}/other`,
        ...overrides,
      });
    expect(await edit({})).toMatchObject({ ok: true });
    const rows = await listWebhookRows();
    expect(rows.ok && rows.data.find((row) => row.id === id)).toMatchObject({
      displayName: "Faster",
      metricName: "vss.speed",
      condition: "valueNumber > 90",
      coolDownPeriod: 0,
      targetUrl: `${receiver.url}/other`,
    });

    await control.resetStats();
    expect(await edit({ condition: "valueNumber >" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: /invalid CEL condition/ },
    });
    const puts = Object.keys((await control.stats()).routes).filter((route) => route.startsWith("PUT "));
    expect(puts).toEqual([]);
    expect(await edit({ id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
  });

  it("subscribes all vehicles or none, and the vehicle lists the webhooks that watch it", async () => {
    const watching = await createWebhookAction(input());
    const other = await createWebhookAction(input({ displayName: "Not this one" }));
    if (!watching.ok || !other.ok) throw new Error("not created");
    const choices = await listVehicleChoices();
    if (!choices.ok) throw new Error(choices.error.message);
    const lacking = choices.data.filter((choice) => !choice.privileges.includes(1));
    // The seed shares a vehicle without privilege 1: the service refuses the whole request, naming it.
    expect(lacking.length).toBeGreaterThan(0);
    expect(await subscribeAllVehiclesAction({ id: watching.data.id })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", message: expect.stringMatching(/Insufficient permissions for asset did:erc721:/) },
    });
    const rows = await listWebhookRows();
    expect(rows.ok && rows.data.every((row) => row.vehicles.length === 0)).toBe(true);

    expect(await subscribeVehiclesAction({ id: watching.data.id, tokenIds: [VEHICLE] })).toMatchObject({ ok: true });
    expect(await listVehicleWatchers({ tokenId: VEHICLE })).toEqual({
      ok: true,
      data: [
        {
          id: watching.data.id,
          displayName: "Fast",
          metricName: "vss.speed",
          condition: "valueNumber > 55",
          status: "enabled",
        },
      ],
    });
    expect(await listVehicleWatchers({ tokenId: "abc" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });

  it("passes the service's refusal on in its words", async () => {
    const result = await createWebhookAction(input({ verificationToken: "other" }));
    expect(result).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: expect.stringMatching(/verification token mismatch/) },
    });
    expect(await triggersCalls()).toBeGreaterThan(0);
    expect(await listWebhookRows()).toEqual({ ok: true, data: [] });
  });

  it("lists the vehicles shared with the license and their privileges", async () => {
    const choices = await listVehicleChoices();
    if (!choices.ok) throw new Error(choices.error.message);
    expect(choices.data.find((choice) => choice.tokenId === VEHICLE)?.privileges).toContain(1);
  });

  it("refuses a caller without a session", async () => {
    auth.session = null;
    expect(await createWebhookAction(input())).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
    expect(await readInbox()).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
  });
});

describe("the inbox", () => {
  const post = (secret: string, body: string) =>
    inboxPost(new Request(`http://localhost:3000/api/inbox/${secret}`, { method: "POST", body }), {
      params: Promise.resolve({ secret }),
    });

  it("answers the verification with its token and records each delivery, newest first", async () => {
    const inbox = await readInbox();
    if (!inbox.ok) throw new Error(inbox.error.message);
    const secret = inbox.data.url.split("/").pop() ?? "";
    expect(secret.length).toBeGreaterThanOrEqual(32);

    const verification = await post(secret, JSON.stringify({ verification: "test" }));
    expect(verification.status).toBe(200);
    expect(await verification.text()).toBe(inbox.data.verificationToken);

    expect((await post(secret, JSON.stringify({ type: "dimo.trigger", id: "a" }))).status).toBe(200);
    expect((await post(secret, JSON.stringify({ type: "dimo.trigger", id: "b" }))).status).toBe(200);
    const after = await readInbox();
    expect(after.ok && after.data.deliveries.map((d) => (d.body as { id: string }).id)).toEqual(["b", "a"]);
  });

  it("keeps a body of up to 64 KiB whole and cuts a longer one at 64 KiB, saying so", async () => {
    const inbox = await readInbox();
    if (!inbox.ok) throw new Error(inbox.error.message);
    const secret = inbox.data.url.split("/").pop() ?? "";
    const sized = (id: string, length: number) => {
      const body = JSON.stringify({ id, pad: "" });
      return JSON.stringify({ id, pad: "x".repeat(length - body.length) });
    };
    expect((await post(secret, sized("whole", 65_536))).status).toBe(200);
    expect((await post(secret, sized("cut", 65_537))).status).toBe(200);
    const after = await readInbox();
    if (!after.ok) throw new Error(after.error.message);
    const [cut, whole] = after.data.deliveries;
    expect(whole).toMatchObject({ truncated: false, body: { id: "whole" } });
    expect(cut?.truncated).toBe(true);
    expect(cut?.body).toBe(sized("cut", 65_537).slice(0, 65_536));
  });

  it("refuses a wrong secret and records nothing", async () => {
    const before = await readInbox();
    const response = await post("not-the-secret", JSON.stringify({ type: "dimo.trigger" }));
    expect(response.status).toBe(404);
    const after = await readInbox();
    expect(after.ok && before.ok && after.data.deliveries.length).toBe(before.ok && before.data.deliveries.length);
  });
});
