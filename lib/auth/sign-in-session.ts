import "server-only";
import { randomUUID } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import { getConfig } from "@/lib/config";
import { recordChange } from "@/lib/server/audit/record";
import { isStoreUnavailable } from "@/lib/store/types";
import { getTeamStore } from "@/lib/team";
import type { InvitationRefusal } from "@/lib/team/team-store";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/session-cookie";
import { type DashboardRole, resolveRole } from "./access";
import { licenseOwner } from "./license-owner";
import { getAuthSecret } from "./secret";
import { SESSION_MAX_AGE_SECONDS, type SignInMethod, encodeSessionToken } from "./session-claims";

/**
 * The one way a session is made, whichever way the person came in (a wallet's signature through next-auth's
 * credentials callback, or DIMO's login through /login/dimo): the same rule decides who may sign in, the same claims
 * go into the token, and the same encoder and cookie carry it. getSession (session.ts) reads it back.
 */

export interface SignedInPerson {
  address: `0x${string}`;
  role: DashboardRole;
  signedInWith: SignInMethod;
}

/** Why a verified person gets no session; the login page words the codes (components/auth/sign-in-errors.ts). */
export type AdmissionRefusal =
  | "WALLET_NOT_ALLOWED"
  | "LICENSE_UNAVAILABLE"
  | "SIGN_IN_UNAVAILABLE"
  | "INVITATION_UNKNOWN"
  | "INVITATION_EXPIRED"
  | "INVITATION_USED"
  | "INVITATION_REVOKED";

const INVITATION_REFUSALS: Record<InvitationRefusal, AdmissionRefusal> = {
  unknown: "INVITATION_UNKNOWN",
  expired: "INVITATION_EXPIRED",
  used: "INVITATION_USED",
  revoked: "INVITATION_REVOKED",
};

export class AdmissionRefused extends Error {
  constructor(readonly code: AdmissionRefusal) {
    super(code);
    this.name = "AdmissionRefused";
  }
}

/** An invitation's token, carried from the join page through the sign-in, and how the person signs in. */
export interface InvitationAtSignIn {
  token: string;
  via: "wallet" | "dimo";
}

/**
 * The license owner, a DASHBOARD_ADMINS address or a member gets their role. Anyone else gets one only by signing in
 * through a pending invitation: it is accepted here, at the sign-in's POST, and ends there for every instance. Someone
 * who holds a role already signs in as themselves and leaves the invitation pending.
 */
export async function admit(address: `0x${string}`, invitation?: InvitationAtSignIn): Promise<DashboardRole> {
  const team = getTeamStore();
  const role = await resolveRole(address, {
    licenseOwner,
    admins: getConfig().admins,
    memberRole: (wallet) => team.memberRole(wallet),
  }).catch((error: unknown) => {
    throw new AdmissionRefused(isStoreUnavailable(error) ? "SIGN_IN_UNAVAILABLE" : "LICENSE_UNAVAILABLE");
  });
  if (role) return role;
  if (!invitation) throw new AdmissionRefused("WALLET_NOT_ALLOWED");
  const wallet = address.toLowerCase() as `0x${string}`;
  const accepted = await team.acceptInvitation(invitation.token, { address: wallet, via: invitation.via }).catch(() => {
    throw new AdmissionRefused("SIGN_IN_UNAVAILABLE");
  });
  if (!accepted.ok) throw new AdmissionRefused(INVITATION_REFUSALS[accepted.reason]);
  await recordChange({
    actor: { address: wallet, signedInWith: { via: invitation.via } },
    role: accepted.role,
    kind: "invitation.accept",
    target: accepted.invitationId,
    detail: `Joined as ${accepted.role} through an invitation, signed in with ${invitation.via === "dimo" ? "DIMO" : "a wallet"}`,
  });
  return accepted.role;
}

/** The claims of a new session: a fresh id (for revocation) and the sign-in time the 12-hour limit counts from. */
export function newSessionToken(person: SignedInPerson, nowMs = Date.now()): JWT {
  const method = person.signedInWith;
  return {
    address: person.address.toLowerCase() as `0x${string}`,
    role: person.role,
    sid: randomUUID(),
    ait: Math.floor(nowMs / 1000),
    via: method.via,
    ...(method.via === "dimo" && method.email ? { email: method.email } : {}),
  };
}

/**
 * The cookie this site sets: over https only the `__Secure-` one, which a page on a sibling domain or a plain-http
 * response cannot plant (cookie tossing); over http (local use) the plain one. next-auth picks the same names.
 */
export function sessionCookieName(): string {
  return isHttpsSite() ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function isHttpsSite(): boolean {
  return new URL(getConfig().publicUrl).protocol === "https:";
}

/** The session cookie for a new session, with the attributes next-auth gives its own. */
export async function newSessionCookie(person: SignedInPerson) {
  const value = await encodeSessionToken({ token: newSessionToken(person), secret: getAuthSecret() });
  return {
    name: sessionCookieName(),
    value,
    options: {
      httpOnly: true,
      sameSite: "lax" as const,
      path: "/",
      secure: isHttpsSite(),
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  };
}
