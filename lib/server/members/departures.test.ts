import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetRoleChecks } from "@/lib/auth/role-check";
import type * as Config from "@/lib/config";
import { type DashboardSession } from "@/lib/auth/session";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { getDimoClient } from "@/lib/dimo";
import { setUpSandbox } from "@/test-support/sandbox";
import { RECEIVER_TOKEN, type TestReceiver, startReceiver } from "@/sandbox/services/vehicle-triggers/test-receiver";
import {
  createWebhookAction,
  keepWebhookAction,
  setWebhookStatusAction,
  subscribeVehiclesAction,
} from "@/lib/actions/webhooks";
import { inboxTarget } from "../inbox";
import { listWebhookRows } from "../webhooks";
import { sweepDepartures } from "./departures";

/**
 * Departures against the sandbox's Vehicle Triggers service over HTTP: an admin dropped from the configuration has
 * their webhooks set inactive there by the sweep, the owner's and those made outside the dashboard run on, and only
 * the owner may keep one.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));
// DASHBOARD_ADMINS as the running process would read it after a redeploy: changed between steps of a test.
const admins = vi.hoisted(() => ({ list: [] as `0x${string}`[] }));
vi.mock("@/lib/config", async (importOriginal) => {
  const actual = await importOriginal<typeof Config>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), admins: admins.list }) };
});

const VEHICLE = 21957;
const OWNER: DashboardSession = {
  address: DEMO_LICENSE.owner.address.toLowerCase() as `0x${string}`,
  role: "owner",
};

const { control } = setUpSandbox({ pointApp: true });
let receiver: TestReceiver;
let admin: DashboardSession;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  // A wallet of its own per test: departures are remembered in the process's store.
  admin = { address: `0x${randomBytes(20).toString("hex")}`, role: "admin", signedInWith: { via: "wallet" } };
  admins.list = [admin.address];
  forgetRoleChecks();
  await control.reset();
  receiver.deliveries.length = 0;
});

async function webhookBy(session: DashboardSession, path: string): Promise<string> {
  auth.session = session;
  const created = await createWebhookAction({
    displayName: path,
    service: "signals",
    metricName: "vss.speed",
    condition: "valueNumber > 55",
    coolDownPeriod: 0,
    targetUrl: `${receiver.url}/${path}`,
    verificationToken: RECEIVER_TOKEN,
  });
  if (!created.ok) throw new Error(created.error.message);
  expect(await subscribeVehiclesAction({ id: created.data.id, tokenIds: [VEHICLE] })).toMatchObject({ ok: true });
  return created.data.id;
}

const statusAtDimo = async (id: string) => (await getDimoClient().getWebhook(id))?.status;

/** The paths the receiver was posted to after one speeding signal. */
async function deliveredPaths(): Promise<string[]> {
  receiver.deliveries.length = 0;
  await control.injectSignal({ tokenId: VEHICLE, name: "speed", value: 80 });
  return receiver.deliveries.map((delivery) => delivery.path).sort();
}

function removeAdmin() {
  admins.list = [];
  forgetRoleChecks();
}

describe("the departures sweep", () => {
  it("sets an admin's webhook inactive once the admin leaves the configuration, and rotates the inbox once", async () => {
    const adminsHook = await webhookBy(admin, "admin");
    const ownersHook = await webhookBy(OWNER, "owner");
    const outside = await getDimoClient().createWebhook({
      service: "signals",
      metricName: "vss.speed",
      condition: "valueNumber > 55",
      coolDownPeriod: 0,
      targetUrl: `${receiver.url}/outside`,
      verificationToken: RECEIVER_TOKEN,
      status: "enabled",
    });
    await getDimoClient().subscribeVehicles(outside.id, [VEHICLE]);
    const inboxBefore = (await inboxTarget()).url;

    // While the admin is listed, the sweep changes nothing.
    expect((await sweepDepartures()).departed.size).toBe(0);
    expect(await deliveredPaths()).toEqual(["/admin", "/outside", "/owner"]);

    removeAdmin();
    const sweep = await sweepDepartures();
    expect([...sweep.departed]).toEqual([admin.address]);
    expect(await statusAtDimo(adminsHook)).toBe("disabled");
    expect(await statusAtDimo(ownersHook)).toBe("enabled");
    expect(await statusAtDimo(outside.id)).toBe("enabled");
    expect(await deliveredPaths()).toEqual(["/outside", "/owner"]);
    const inboxAfter = (await inboxTarget()).url;
    expect(inboxAfter).not.toBe(inboxBefore);

    auth.session = OWNER;
    const rows = await listWebhookRows();
    if (!rows.ok) throw new Error(rows.error.message);
    expect(rows.data.find((row) => row.id === adminsHook)?.authorship?.departure?.people).toEqual([admin.address]);
    expect(rows.data.find((row) => row.id === ownersHook)?.authorship?.departure).toBeNull();

    // The next sweep finds the same departure: nothing more happens, and the inbox keeps its new address.
    await sweepDepartures();
    expect((await inboxTarget()).url).toBe(inboxAfter);
  });

  it("sets inactive an owner's webhook an admin widened, and undoes an admin's re-enable", async () => {
    const ownersHook = await webhookBy(OWNER, "owner");
    auth.session = admin;
    expect(await subscribeVehiclesAction({ id: ownersHook, tokenIds: [VEHICLE] })).toMatchObject({ ok: true });
    removeAdmin();
    await sweepDepartures();
    expect(await statusAtDimo(ownersHook)).toBe("disabled");

    // Enabling it again is the owner's keep: the dashboard's enable refuses, and one outside it is undone.
    auth.session = OWNER;
    expect(await setWebhookStatusAction({ id: ownersHook, status: "enabled" })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN" },
    });
    await getDimoClient().updateWebhook(ownersHook, { status: "enabled" });
    await sweepDepartures();
    expect(await statusAtDimo(ownersHook)).toBe("disabled");
  });
});

describe("keeping a departed author's webhook", () => {
  it("is refused to an admin, and enables it as the owner's for the owner", async () => {
    const adminsHook = await webhookBy(admin, "admin");
    const other: DashboardSession = { address: `0x${randomBytes(20).toString("hex")}`, role: "admin" };
    admins.list = [other.address];
    forgetRoleChecks();
    await sweepDepartures();
    expect(await statusAtDimo(adminsHook)).toBe("disabled");

    auth.session = other;
    expect(await keepWebhookAction({ id: adminsHook })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", message: expect.stringMatching(/Only the license owner/) },
    });
    expect(await statusAtDimo(adminsHook)).toBe("disabled");

    auth.session = OWNER;
    expect(await keepWebhookAction({ id: adminsHook })).toMatchObject({ ok: true });
    expect(await statusAtDimo(adminsHook)).toBe("enabled");
    const rows = await listWebhookRows();
    const kept = rows.ok ? rows.data.find((row) => row.id === adminsHook)?.authorship : undefined;
    expect(kept).toMatchObject({
      createdBy: { address: admin.address },
      lastChange: { address: OWNER.address, change: "kept" },
      hands: [OWNER.address],
      departure: null,
    });

    // Kept, it is the owner's: the next sweep leaves it on.
    await sweepDepartures();
    expect(await statusAtDimo(adminsHook)).toBe("enabled");
    expect(await deliveredPaths()).toEqual(["/admin"]);
  });

  it("keeps those still holding a role answerable: a second admin's subscription counts after the first leaves", async () => {
    const adminsHook = await webhookBy(admin, "admin");
    const second: DashboardSession = { address: `0x${randomBytes(20).toString("hex")}`, role: "admin" };
    admins.list = [admin.address, second.address];
    auth.session = second;
    expect(await subscribeVehiclesAction({ id: adminsHook, tokenIds: [VEHICLE] })).toMatchObject({ ok: true });

    admins.list = [second.address];
    forgetRoleChecks();
    await sweepDepartures();
    auth.session = OWNER;
    expect(await keepWebhookAction({ id: adminsHook })).toMatchObject({ ok: true });
    expect(await statusAtDimo(adminsHook)).toBe("enabled");

    admins.list = [];
    forgetRoleChecks();
    await sweepDepartures();
    expect(await statusAtDimo(adminsHook)).toBe("disabled");
  });

  it("refuses a webhook nobody left", async () => {
    const ownersHook = await webhookBy(OWNER, "owner");
    expect(await keepWebhookAction({ id: ownersHook })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});
