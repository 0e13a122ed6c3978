"use server";
import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { AppFailure } from "@/lib/result";
import { guarded } from "@/lib/server/guard";
import { sweepDeparturesSoon } from "@/lib/server/members/sweeper";
import { getTeamStore } from "@/lib/team";
import { DEFAULT_INVITATION_TTL_MS } from "@/lib/team/team-store";

/**
 * The Team page's changes. The owner invites admins and viewers, admins invite viewers only; revoking follows the
 * same rule. Only the owner changes a member's role or removes them; each holds on every instance at the member's
 * next request (the role check reads the team's record on every request).
 */

const address = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "name the member by their address: 0x followed by 40 hex characters")
  .transform((value) => value.toLowerCase() as `0x${string}`);

const role = z.enum(["admin", "viewer"], { error: "the role must be admin or viewer" });

const MAX_EXPIRY_DAYS = 30;
const invitationInput = z
  .object({
    role,
    /** How long the link works; 7 days unless chosen. Fractions allowed, so a link can last hours. */
    expiresInDays: z
      .number({ error: "the expiry must be a number of days" })
      .positive({ error: "the expiry must be more than zero days" })
      .max(MAX_EXPIRY_DAYS, { error: `an invitation lasts ${MAX_EXPIRY_DAYS} days at most` })
      .optional(),
  })
  .strict();

const invitationIdInput = z.object({ id: z.uuid({ error: "name the invitation by its id" }) }).strict();
const memberInput = z.object({ address }).strict();
const memberRoleInput = z.object({ address, role }).strict();

const forbidden = (message: string) => new AppFailure({ code: "FORBIDDEN", message, retryable: false });
const ADMINS_INVITE_VIEWERS = forbidden("Admins can invite viewers only: the license owner invites admins.");
const OWNER_ONLY = forbidden("Only the license owner can change a member's role or remove them.");
const notFound = (message: string) => new AppFailure({ code: "NOT_FOUND", message, retryable: false });

/** A new invitation: the link (the token in it is shown this once) and the invitation as the list shows it. */
export const createInvitationAction = guarded(
  invitationInput,
  async function createInvitationAction({ role, expiresInDays }, { session }) {
    if (session.role !== "owner" && role !== "viewer") throw ADMINS_INVITE_VIEWERS;
    const ttlMs = expiresInDays === undefined ? DEFAULT_INVITATION_TTL_MS : Math.round(expiresInDays * 86_400_000);
    const { token, invitation } = await getTeamStore().createInvitation({ role, createdBy: session.address, ttlMs });
    return { link: new URL(`/join/${token}`, getConfig().publicUrl).toString(), invitation };
  },
  {
    change: {
      kind: "invitation.create",
      describe: (_input, { invitation }) => ({
        target: invitation.id,
        detail: `Invited a ${invitation.role}, until ${new Date(invitation.expiresAtMs).toISOString()}`,
      }),
    },
  },
);

export const revokeInvitationAction = guarded(
  invitationIdInput,
  async function revokeInvitationAction({ id }, { session }) {
    const team = getTeamStore();
    const invitation = await team.readInvitation(id);
    if (!invitation) throw notFound("There is no such invitation.");
    if (session.role !== "owner" && invitation.role !== "viewer") throw ADMINS_INVITE_VIEWERS;
    if (!(await team.revokeInvitation(id, session.address)))
      throw notFound("This invitation is no longer pending: it was accepted, revoked or has expired.");
    return null;
  },
  {
    change: { kind: "invitation.revoke", describe: ({ id }) => ({ target: id, detail: "Revoked an invitation" }) },
  },
);

export const changeMemberRoleAction = guarded(
  memberRoleInput,
  async function changeMemberRoleAction({ address, role }, { session }) {
    if (session.role !== "owner") throw OWNER_ONLY;
    if (!(await getTeamStore().setMemberRole(address, role))) throw notFound("This wallet is not a member.");
    sweepDeparturesSoon();
    return null;
  },
  {
    change: {
      kind: "member.role",
      describe: ({ address, role }) => ({
        target: address,
        detail: `Made ${address} ${role === "admin" ? "an admin" : "a viewer"}`,
      }),
    },
  },
);

export const removeMemberAction = guarded(
  memberInput,
  async function removeMemberAction({ address }, { session }) {
    if (session.role !== "owner") throw OWNER_ONLY;
    if (!(await getTeamStore().removeMember(address))) throw notFound("This wallet is not a member.");
    sweepDeparturesSoon();
    return null;
  },
  { change: { kind: "member.remove", describe: ({ address }) => ({ target: address, detail: `Removed ${address}` }) } },
);
