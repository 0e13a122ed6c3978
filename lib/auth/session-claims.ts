import "server-only";
import { type JWT, type JWTEncodeParams, encode } from "next-auth/jwt";
import type { DashboardRole } from "./access";

/**
 * What a session token holds, and its hard end. A session lasts SESSION_MAX_AGE_SECONDS from sign-in (`ait`), and the
 * token's own `exp` is that moment: next-auth re-encodes the token when /api/auth/session is read, and without this it
 * would move `exp` forward each time, so a stolen cookie would never end.
 */

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** How the person signed in: a wallet's signature, or DIMO's login (with the email DIMO's token carried, if any). */
export type SignInMethod = { via: "wallet" } | { via: "dimo"; email?: string };

export interface SessionClaims {
  address: `0x${string}`;
  role: DashboardRole;
  signedInWith: SignInMethod;
  /** The session id, for revocation. */
  sid: string;
  /** When the session ends for good, ms since the epoch. */
  endsAtMs: number;
}

/** The session's claims when they are all present and the session has not reached its end; null otherwise. */
export function readSessionClaims(token: JWT | null | undefined, nowMs: number): SessionClaims | null {
  const { address, role, sid, ait, via, email } = token ?? {};
  if (typeof address !== "string" || !/^0x[0-9a-f]{40}$/.test(address)) return null;
  if ((role !== "owner" && role !== "admin" && role !== "viewer") || typeof sid !== "string" || sid.length < 16)
    return null;
  if (typeof ait !== "number" || !Number.isFinite(ait) || ait * 1000 > nowMs + 60_000) return null;
  const endsAtMs = (ait + SESSION_MAX_AGE_SECONDS) * 1000;
  if (endsAtMs <= nowMs) return null;
  // Sessions made before the sign-in method was recorded were all wallet sign-ins.
  const signedInWith: SignInMethod =
    via === "dimo" ? (typeof email === "string" && email !== "" ? { via, email } : { via }) : { via: "wallet" };
  return { address: address as `0x${string}`, role, signedInWith, sid, endsAtMs };
}

/**
 * next-auth's encoder, with `exp` pinned to the session's end instead of "now + maxAge". next-auth reads the clock
 * again when it encodes, so the second may tick in between: one second of margin keeps `exp` at or before the end.
 */
export async function encodeSessionToken(params: JWTEncodeParams): Promise<string> {
  const ait = params.token?.ait;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const maxAge = typeof ait === "number" ? ait + SESSION_MAX_AGE_SECONDS - nowSeconds - 1 : 0;
  return encode({ ...params, maxAge });
}
