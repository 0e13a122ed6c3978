import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { getDimoClient } from "@/lib/dimo";
import { type WebhookRow } from "@/lib/models/webhooks";
import { setUpSandbox } from "@/test-support/sandbox";
import { RECEIVER_TOKEN, type TestReceiver, startReceiver } from "@/sandbox/services/vehicle-triggers/test-receiver";
import { GET as listRoute } from "@/app/api/webhooks/route";
import {
  createWebhookAction,
  deleteWebhookAction,
  setWebhookStatusAction,
  updateWebhookAction,
} from "@/lib/actions/webhooks";
import { readAuthorships, recordWebhookChange } from "./webhook-authors";

/** Who made and changed each webhook: recorded by the actions, against the sandbox, and served by the list's route. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const ADMIN: DashboardSession = {
  address: "0x00000000000000000000000000000000000ad001",
  role: "admin",
  signedInWith: { via: "dimo", email: "admin@example.com" },
};
const OWNER: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };

const { control } = setUpSandbox({ pointApp: true });
let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  await control.reset();
});

const draft = {
  displayName: "Fast",
  service: "signals" as const,
  metricName: "vss.speed",
  condition: "valueNumber > 55",
  coolDownPeriod: 0,
  verificationToken: RECEIVER_TOKEN,
};

async function createAs(session: DashboardSession): Promise<string> {
  auth.session = session;
  const created = await createWebhookAction({ ...draft, targetUrl: `${receiver.url}/hook` });
  if (!created.ok) throw new Error(created.error.message);
  return created.data.id;
}

/** The list as the webhooks page reads it: GET /api/webhooks. */
async function listed(id: string): Promise<WebhookRow | undefined> {
  const response = await listRoute();
  expect(response.status).toBe(200);
  return ((await response.json()) as WebhookRow[]).find((row) => row.id === id);
}

describe("webhook authors", () => {
  it("records who created a webhook, how they signed in, and who changed it last", async () => {
    const id = await createAs(ADMIN);
    expect((await listed(id))?.authorship).toEqual({
      createdBy: {
        address: ADMIN.address,
        signedInWith: "dimo",
        email: "admin@example.com",
        role: "admin",
        atMs: expect.any(Number),
      },
      lastChange: expect.objectContaining({ address: ADMIN.address, change: "created" }),
      hands: [ADMIN.address],
      departure: null,
    });

    auth.session = OWNER;
    const edit = { id, ...draft, displayName: "Faster", targetUrl: `${receiver.url}/other` };
    expect(await updateWebhookAction(edit)).toMatchObject({ ok: true });
    expect((await listed(id))?.authorship).toMatchObject({
      createdBy: { address: ADMIN.address },
      lastChange: { address: OWNER.address, signedInWith: "wallet", role: "owner", change: "edited" },
      hands: [ADMIN.address, OWNER.address],
    });
  });

  it("counts a disable as the last change, but not as a hand in what the webhook sends", async () => {
    const id = await createAs(OWNER);
    auth.session = ADMIN;
    expect(await setWebhookStatusAction({ id, status: "disabled" })).toMatchObject({ ok: true });
    expect((await listed(id))?.authorship).toMatchObject({
      lastChange: { address: ADMIN.address, change: "disabled" },
      hands: [OWNER.address],
    });
  });

  it("has no author for a webhook made outside the dashboard", async () => {
    auth.session = OWNER;
    const { id } = await getDimoClient().createWebhook({ ...draft, targetUrl: `${receiver.url}/x`, status: "enabled" });
    const row = await listed(id);
    expect(row?.displayName).toBe("Fast");
    expect(row?.authorship).toBeNull();
  });

  it("forgets the record with its webhook", async () => {
    const id = await createAs(OWNER);
    expect(await deleteWebhookAction({ id })).toMatchObject({ ok: true });
    expect((await readAuthorships([id])).get(id)).toBeNull();
  });

  it("keeps both of two changes made at once", async () => {
    const id = await createAs(OWNER);
    await Promise.all([recordWebhookChange(id, ADMIN, "subscribed"), recordWebhookChange(id, OWNER, "edited")]);
    expect((await readAuthorships([id])).get(id)?.hands.sort()).toEqual([ADMIN.address, OWNER.address].sort());
  });
});
