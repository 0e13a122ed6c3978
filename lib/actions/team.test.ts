import { describe, expect, it, vi } from "vitest";
import type { DashboardSession } from "@/lib/auth/session";
import { getTeamStore } from "@/lib/team";
import { changeMemberRoleAction, createInvitationAction, removeMemberAction, revokeInvitationAction } from "./team";

/** Who may do what on the Team page, checked by the actions themselves whatever the page showed. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));
vi.mock("@/lib/server/members/sweeper", () => ({ sweepDeparturesSoon: () => undefined }));

const as = (role: DashboardSession["role"], digit: string): DashboardSession => ({
  address: `0x${digit.repeat(40)}` as `0x${string}`,
  role,
  signedInWith: { via: "wallet" },
});
const OWNER = as("owner", "1");
const ADMIN = as("admin", "2");
const VIEWER = as("viewer", "3");

async function joined(role: "admin" | "viewer", digit: string): Promise<`0x${string}`> {
  const address = `0x${digit.repeat(40)}` as `0x${string}`;
  const { token } = await getTeamStore().createInvitation({ role, createdBy: OWNER.address });
  expect(await getTeamStore().acceptInvitation(token, { address, via: "wallet" })).toMatchObject({ ok: true });
  return address;
}

describe("invitations", () => {
  it("the owner invites either role; the link carries a token the store never holds", async () => {
    auth.session = OWNER;
    const made = await createInvitationAction({ role: "admin", expiresInDays: 0.5 });
    if (!made.ok) throw new Error(made.error.message);
    const token = made.data.link.split("/join/")[1] ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.data.invitation.expiresAtMs - made.data.invitation.createdAtMs).toBe(12 * 3_600_000);
    expect(JSON.stringify(await getTeamStore().listInvitations())).not.toContain(token);
    expect(await getTeamStore().findInvitation(token)).toMatchObject({ role: "admin", state: "pending" });
  });

  it("an admin invites and revokes viewers only", async () => {
    auth.session = ADMIN;
    expect(await createInvitationAction({ role: "admin" })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", message: expect.stringMatching(/Admins can invite viewers only/) },
    });
    const made = await createInvitationAction({ role: "viewer" });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.data.invitation.expiresAtMs - made.data.invitation.createdAtMs).toBe(7 * 86_400_000);

    auth.session = OWNER;
    const adminInvitation = await createInvitationAction({ role: "admin" });
    if (!adminInvitation.ok) throw new Error(adminInvitation.error.message);
    auth.session = ADMIN;
    expect(await revokeInvitationAction({ id: adminInvitation.data.invitation.id })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN" },
    });
    expect(await revokeInvitationAction({ id: made.data.invitation.id })).toEqual({ ok: true, data: null });
    expect(await revokeInvitationAction({ id: made.data.invitation.id })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
  });

  it("a viewer is refused before anything is made", async () => {
    auth.session = VIEWER;
    const before = (await getTeamStore().listInvitations()).length;
    expect(await createInvitationAction({ role: "viewer" })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", message: expect.stringMatching(/Viewers can look but not change/) },
    });
    expect((await getTeamStore().listInvitations()).length).toBe(before);
  });

  it("refuses an expiry past 30 days", async () => {
    auth.session = OWNER;
    expect(await createInvitationAction({ role: "viewer", expiresInDays: 31 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });
});

describe("members", () => {
  it("only the owner changes a member's role or removes them", async () => {
    const member = await joined("viewer", "4");
    auth.session = ADMIN;
    expect(await changeMemberRoleAction({ address: member, role: "admin" })).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN" },
    });
    expect(await removeMemberAction({ address: member })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await getTeamStore().memberRole(member)).toBe("viewer");

    auth.session = OWNER;
    expect(await changeMemberRoleAction({ address: member.toUpperCase().replace("0X", "0x"), role: "admin" })).toEqual({
      ok: true,
      data: null,
    });
    expect(await getTeamStore().memberRole(member)).toBe("admin");
    expect(await removeMemberAction({ address: member })).toEqual({ ok: true, data: null });
    expect(await getTeamStore().memberRole(member)).toBeNull();
    expect(await removeMemberAction({ address: member })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});
