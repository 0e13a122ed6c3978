import "server-only";
import { decode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getConfig } from "@/lib/config";
import { SESSION_COOKIE_NAMES } from "@/lib/session-cookie";
import { getAuthOptions } from "./options";

/** Who is signed in to the dashboard. */
export interface DashboardSession {
  /** The signed-in wallet, lowercase. */
  address: `0x${string}`;
  role: "owner" | "admin";
}

/**
 * Decoded session cookies, by cookie value. A value that decrypted once holds the same session until it expires, so
 * the next requests of a signed-in browser skip the decryption. Bounded; entries live a minute at most.
 */
const DECODED_TTL_MS = 60_000;
const MAX_DECODED = 1_000;
const decoded = new Map<string, { session: DashboardSession | null; until: number }>();

async function decodeSessionCookie(value: string, now: number): Promise<DashboardSession | null> {
  const hit = decoded.get(value);
  if (hit && hit.until > now) return hit.session;

  const token = await decode({ token: value, secret: getAuthOptions().secret ?? "" }).catch(() => null);
  const address = token?.address;
  const role = token?.role;
  const session = address && role ? { address, role } : null;
  const expiresMs = typeof token?.exp === "number" ? token.exp * 1000 : now;
  if (decoded.size >= MAX_DECODED) decoded.clear();
  decoded.set(value, { session, until: Math.min(now + DECODED_TTL_MS, expiresMs) });
  return session;
}

/**
 * The session of the current request, or null when nobody is signed in. Every server action and route handler
 * calls this itself (through the action guard); a page-level check does not protect them.
 *
 * Reads next-auth's encrypted session cookie directly (one decryption, then the cache above) rather than through
 * next-auth's request pipeline, which costs several milliseconds per call. Sessions last SESSION_MAX_AGE_SECONDS
 * from sign-in.
 */
export const getSession = cache(async (): Promise<DashboardSession | null> => {
  const jar = await cookies();
  const value = SESSION_COOKIE_NAMES.map((name) => jar.get(name)?.value).find(Boolean);
  if (!value) return null;
  const session = await decodeSessionCookie(value, Date.now());
  if (!session) return null;
  // An admin removed from DASHBOARD_ADMINS loses access at once, not when the session cookie expires.
  if (session.role === "admin" && !getConfig().admins.includes(session.address)) return null;
  return session;
});

/** For pages: the session, or a redirect to the sign-in page. */
export async function requireSession(): Promise<DashboardSession> {
  const session = await getSession();
  if (!session) redirect("/login");
  return session;
}
