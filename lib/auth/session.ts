import "server-only";
import { decode } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { processWideCache, ttlBelow } from "@/lib/process-wide";
import { REQUEST_PATH_HEADER } from "@/lib/security/headers";
import { type DashboardRole } from "./access";
import { noteSeen } from "./last-seen";
import { getAuthOptions } from "./options";
import { isSessionRevoked } from "./revocation";
import { currentRole } from "./role-check";
import { type SessionClaims, type SignInMethod, readSessionClaims } from "./session-claims";
import { sessionCookieName } from "./sign-in-session";

/** Who is signed in to the dashboard. */
export interface DashboardSession {
  /** The signed-in wallet, lowercase. */
  address: `0x${string}`;
  role: DashboardRole;
  /** How the person signed in (the header shows it). getSession always sets it; absent means a wallet. */
  signedInWith?: SignInMethod;
  /** The session's id, the one sign-out revokes. getSession always sets it. */
  id?: string;
  /** When the session ends for good, ms since the epoch: what a stream that outlives its request ends at. */
  endsAtMs?: number;
}

/**
 * Decrypted session cookies, by cookie value: a signed-in browser's next requests skip the decryption. Only the
 * decryption is cached (a minute at most, never past the session's end); revocation and the role are checked on
 * every request below. Past a thousand browsers seen within the minute (more than a team), the least recently seen
 * is decrypted again; a cookie that does not decrypt is not kept, so made-up cookies cannot push real ones out.
 */
const DECODED_TTL_MS = 60_000;
const decodedSessions = () =>
  processWideCache<string, SessionClaims>("decoded-sessions", { max: 1_000, ttl: ttlBelow(DECODED_TTL_MS) });

async function decodeSessionCookie(value: string, now: number): Promise<SessionClaims | null> {
  const hit = decodedSessions().get(value);
  if (hit) return hit;

  const token = await decode({ token: value, secret: getAuthOptions().secret ?? "" }).catch(() => null);
  const claims = readSessionClaims(token, now);
  const ttl = claims ? ttlBelow(Math.min(DECODED_TTL_MS, claims.endsAtMs - now)) : 0;
  if (claims && ttl > 0) decodedSessions().set(value, claims, { ttl });
  return claims;
}

/**
 * The session of the current request, or null when nobody is signed in. Every server action and route handler
 * calls this itself (through the action guard); a page-level check does not protect them.
 *
 * Reads next-auth's encrypted session cookie directly (one decryption, then the cache above) rather than through
 * next-auth's request pipeline, which costs several milliseconds per call. A session ends SESSION_MAX_AGE_SECONDS
 * after sign-in, at sign-out (revocation), or when its wallet no longer holds a role.
 */
export const getSession = cache(async (): Promise<DashboardSession | null> => {
  const value = (await cookies()).get(sessionCookieName())?.value;
  if (!value) return null;
  const now = Date.now();
  const claims = await decodeSessionCookie(value, now);
  if (!claims || claims.endsAtMs <= now) return null;
  if (await isSessionRevoked(claims.sid)) return null;
  const role = await currentRole(claims.address, claims.role);
  if (!role) return null;
  noteSeen(claims.address);
  const { address, signedInWith, sid, endsAtMs } = claims;
  return { address, role, signedInWith, id: sid, endsAtMs };
});

/**
 * For pages: the session, or a redirect to the sign-in page that comes back here afterwards (a session that ended
 * while the cookie stayed, which the proxy's early redirect cannot tell).
 */
export async function requireSession(): Promise<DashboardSession> {
  const session = await getSession();
  if (!session) {
    const here = (await headers()).get(REQUEST_PATH_HEADER);
    redirect(here ? `/login?callbackUrl=${encodeURIComponent(here)}` : "/login");
  }
  return session;
}
