import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { InvitationState, InvitationView, InvitedRole, MemberView } from "@/lib/models/team";
import type { ExpiringSetStore, KeyValueStore } from "@/lib/store/types";

/**
 * Members and invitations in the shared store, so every instance reads the same team. An invitation's token is a
 * secret handed out once: only its hash is kept, as the key that leads to the invitation. An invitation ends once,
 * accepted or revoked, by whichever of the two stores its end first (setIfAbsent: one winner on every instance), so
 * two people racing with one link cannot both join.
 */

export const DEFAULT_INVITATION_TTL_MS = 7 * 24 * 3_600_000;
/** How long an ended or expired invitation stays listed. */
const LISTED_AFTER_EXPIRY_MS = 30 * 24 * 3_600_000;
/** A membership lasts until the owner removes it; the store needs some expiry. */
const MEMBER_TTL_MS = 10 * 365 * 24 * 3_600_000;
const SEEN_TTL_MS = 365 * 24 * 3_600_000;

type Address = `0x${string}`;

interface StoredInvitation {
  id: string;
  role: InvitedRole;
  createdBy: Address;
  createdAtMs: number;
  expiresAtMs: number;
}

interface InvitationEnd {
  kind: "accepted" | "revoked";
  by: Address;
  atMs: number;
}

interface StoredMember {
  address: Address;
  role: InvitedRole;
  invitationId: string;
  via: "wallet" | "dimo";
  joinedAtMs: number;
}

/** Why an invitation cannot be accepted. */
export type InvitationRefusal = "unknown" | "expired" | "used" | "revoked";

type Acceptance = { ok: true; role: InvitedRole; invitationId: string } | { ok: false; reason: InvitationRefusal };

const INVITATIONS = "team:invitations";
const MEMBERS = "team:members";
const invitationKey = (id: string) => `team:invitation:${id}`;
const endKey = (id: string) => `team:invitation-end:${id}`;
const tokenKey = (token: string) => `team:invitation-token:${hashToken(token)}`;
const memberKey = (address: Address) => `team:member:${address}`;
const seenKey = (address: Address) => `team:seen:${address}`;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
/** What a link may carry: base64url of 32 random bytes. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function parse<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function stateOf(invitation: StoredInvitation, end: InvitationEnd | null, nowMs: number): InvitationState {
  if (end) return end.kind;
  return nowMs >= invitation.expiresAtMs ? "expired" : "pending";
}

export interface TeamStoreDeps {
  keyValue: KeyValueStore;
  sets: ExpiringSetStore;
  now?: () => number;
}

export function createTeamStore({ keyValue, sets, now = Date.now }: TeamStoreDeps) {
  const listedUntil = (invitation: StoredInvitation) => invitation.expiresAtMs + LISTED_AFTER_EXPIRY_MS;

  async function readInvitation(id: string): Promise<InvitationView | null> {
    const invitation = parse<StoredInvitation>(await keyValue.get(invitationKey(id)));
    if (!invitation) return null;
    const end = parse<InvitationEnd>(await keyValue.get(endKey(id)));
    return {
      ...invitation,
      state: stateOf(invitation, end, now()),
      ended: end ? { by: end.by, atMs: end.atMs } : null,
    };
  }

  async function invitationIdOf(token: string): Promise<string | null> {
    return TOKEN_PATTERN.test(token) ? keyValue.get(tokenKey(token)) : null;
  }

  /** Stores `end` as the invitation's one end; false when it had ended already. */
  async function endInvitation(invitation: StoredInvitation, end: InvitationEnd): Promise<boolean> {
    const ttlMs = listedUntil(invitation) - now();
    return ttlMs > 0 && keyValue.setIfAbsent(endKey(invitation.id), JSON.stringify(end), ttlMs);
  }

  async function readMember(address: Address): Promise<StoredMember | null> {
    return parse<StoredMember>(await keyValue.get(memberKey(address)));
  }

  async function lastSeen(address: Address): Promise<number | null> {
    const value = Number(await keyValue.get(seenKey(address)));
    return Number.isFinite(value) && value > 0 ? value : null;
  }

  return {
    /** A new invitation and its token: the token is returned here once and never stored. */
    async createInvitation(input: {
      role: InvitedRole;
      createdBy: Address;
      ttlMs?: number;
    }): Promise<{ token: string; invitation: InvitationView }> {
      const token = randomBytes(32).toString("base64url");
      const createdAtMs = now();
      const invitation: StoredInvitation = {
        id: randomUUID(),
        role: input.role,
        createdBy: input.createdBy,
        createdAtMs,
        expiresAtMs: createdAtMs + (input.ttlMs ?? DEFAULT_INVITATION_TTL_MS),
      };
      const ttlMs = listedUntil(invitation) - createdAtMs;
      await keyValue.set(invitationKey(invitation.id), JSON.stringify(invitation), ttlMs);
      await keyValue.set(tokenKey(token), invitation.id, ttlMs);
      await sets.add(INVITATIONS, invitation.id, listedUntil(invitation));
      return { token, invitation: { ...invitation, state: "pending", ended: null } };
    },

    /** The invitation a link names, as it stands; reading changes nothing. */
    async findInvitation(token: string): Promise<InvitationView | null> {
      const id = await invitationIdOf(token);
      return id ? readInvitation(id) : null;
    },

    /**
     * Ends the invitation as accepted by `address`, and makes them a member with its role: only the first caller, on
     * any instance, gets `ok: true`.
     */
    async acceptInvitation(token: string, person: { address: Address; via: "wallet" | "dimo" }): Promise<Acceptance> {
      const id = await invitationIdOf(token);
      const invitation = id ? parse<StoredInvitation>(await keyValue.get(invitationKey(id))) : null;
      if (!invitation) return { ok: false, reason: "unknown" };
      const refusal = async (): Promise<Acceptance> => {
        const end = parse<InvitationEnd>(await keyValue.get(endKey(invitation.id)));
        if (end) return { ok: false, reason: end.kind === "accepted" ? "used" : "revoked" };
        return { ok: false, reason: "expired" };
      };
      if (now() >= invitation.expiresAtMs) return refusal();
      const atMs = now();
      if (!(await endInvitation(invitation, { kind: "accepted", by: person.address, atMs }))) return refusal();
      const member: StoredMember = {
        address: person.address,
        role: invitation.role,
        invitationId: invitation.id,
        via: person.via,
        joinedAtMs: atMs,
      };
      await keyValue.set(memberKey(person.address), JSON.stringify(member), MEMBER_TTL_MS);
      await sets.add(MEMBERS, person.address, atMs + MEMBER_TTL_MS);
      return { ok: true, role: invitation.role, invitationId: invitation.id };
    },

    /** Ends a pending invitation; false when it was not pending (accepted, revoked, expired or unknown). */
    async revokeInvitation(id: string, by: Address): Promise<boolean> {
      const invitation = parse<StoredInvitation>(await keyValue.get(invitationKey(id)));
      if (!invitation || now() >= invitation.expiresAtMs) return false;
      return endInvitation(invitation, { kind: "revoked", by, atMs: now() });
    },

    async readInvitation(id: string): Promise<InvitationView | null> {
      return readInvitation(id);
    },

    /** Every listed invitation, newest first. */
    async listInvitations(): Promise<InvitationView[]> {
      const ids = [...(await sets.members(INVITATIONS)).keys()];
      const found = await Promise.all(ids.map(readInvitation));
      return found.filter((item) => item !== null).sort((a, b) => b.createdAtMs - a.createdAtMs);
    },

    /** The role an invitation gave `address`, or null when they are not a member. */
    async memberRole(address: Address): Promise<InvitedRole | null> {
      return (await readMember(address))?.role ?? null;
    },

    /** Members who joined by invitation, oldest first, with when each was last seen. */
    async listMembers(): Promise<MemberView[]> {
      const addresses = [...(await sets.members(MEMBERS)).keys()] as Address[];
      const members = (await Promise.all(addresses.map(readMember))).filter((item) => item !== null);
      const views = await Promise.all(
        members.map(async (member): Promise<MemberView> => ({
          address: member.address,
          role: member.role,
          source: { kind: "invitation", invitationId: member.invitationId, via: member.via },
          joinedAtMs: member.joinedAtMs,
          lastSeenMs: await lastSeen(member.address),
        })),
      );
      return views.sort((a, b) => (a.joinedAtMs ?? 0) - (b.joinedAtMs ?? 0));
    },

    /** Gives a member another role; false when `address` is not a member. */
    async setMemberRole(address: Address, role: InvitedRole): Promise<boolean> {
      const member = await readMember(address);
      if (!member) return false;
      await keyValue.set(memberKey(address), JSON.stringify({ ...member, role }), MEMBER_TTL_MS);
      return true;
    },

    /** Ends a membership; false when `address` was not a member. */
    async removeMember(address: Address): Promise<boolean> {
      const member = await readMember(address);
      if (!member) return false;
      await keyValue.delete(memberKey(address));
      return true;
    },

    async noteSeen(address: Address): Promise<void> {
      await keyValue.set(seenKey(address), String(now()), SEEN_TTL_MS);
    },

    lastSeen,
  };
}

export type TeamStore = ReturnType<typeof createTeamStore>;
