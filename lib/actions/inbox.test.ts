import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as postToInbox } from "@/app/api/inbox/[secret]/route";
import { type DashboardSession } from "@/lib/auth/session";
import { readInbox } from "@/lib/server/inbox";
import { serveRoute } from "@/test-support/route-server";
import { setUpSandbox } from "@/test-support/sandbox";
import { rotateInboxSecretAction } from "./inbox";

/**
 * The inbox's new address, over HTTP as an outsider posts to it: the old address answers 404 at once and records
 * nothing, the new one takes deliveries with the same verification token, and only the license owner may rotate.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const OWNER: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
const ADMIN: DashboardSession = { address: "0x00000000000000000000000000000000000000ad", role: "admin" };

setUpSandbox({ pointApp: true, live: false });
let inbox: Awaited<ReturnType<typeof serveRoute>>;

beforeAll(async () => {
  inbox = await serveRoute((request) => {
    const secret = new URL(request.url).pathname.split("/").at(-1) ?? "";
    return postToInbox(request, { params: Promise.resolve({ secret }) });
  });
});
afterAll(async () => {
  await inbox.close();
});
beforeEach(() => {
  auth.session = OWNER;
});

async function currentInbox() {
  const result = await readInbox();
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

/** POSTs `body` to the inbox at `url`'s path on the test server, with no cookie. */
async function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${inbox.url}${new URL(url).pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe("rotating the inbox's secret", () => {
  it("stops the old address at once: 404 like any unknown path, and nothing recorded", async () => {
    const before = await currentInbox();
    expect((await post(before.url, { marker: "before" })).status).toBe(200);
    expect((await currentInbox()).deliveries.some((d) => JSON.stringify(d.body).includes("before"))).toBe(true);

    expect(await rotateInboxSecretAction()).toEqual({ ok: true, data: null });
    const after = await currentInbox();
    expect(after.url).not.toBe(before.url);
    expect(after.verificationToken).toBe(before.verificationToken);

    const old = await post(before.url, { marker: "after" });
    const unknown = await post(`${before.url}x`, { marker: "after" });
    expect(old).toEqual(unknown);
    expect(old.status).toBe(404);
    expect((await post(before.url, { verification: "x" })).status).toBe(404);
    const now = await currentInbox();
    expect(now.deliveries.map((d) => JSON.stringify(d.body)).join()).not.toMatch(/before|after/);
  });

  it("takes deliveries and answers the verification at the new address", async () => {
    await rotateInboxSecretAction();
    const current = await currentInbox();
    expect(await post(current.url, { verification: "x" })).toEqual({ status: 200, text: current.verificationToken });
    expect((await post(current.url, { marker: "new" })).status).toBe(200);
    expect((await currentInbox()).deliveries[0]?.body).toEqual({ marker: "new" });
  });

  it("is refused to an admin, on the server, and the address stays", async () => {
    const before = await currentInbox();
    auth.session = ADMIN;
    expect(await rotateInboxSecretAction()).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "FORBIDDEN" }),
    });
    expect((await currentInbox()).url).toBe(before.url);
    expect((await post(before.url, { marker: "still" })).status).toBe(200);
  });
});
