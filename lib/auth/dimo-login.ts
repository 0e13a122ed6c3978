import "server-only";
import { createHash } from "node:crypto";
import { getConfig } from "@/lib/config";
import { safeCallbackPath } from "@/lib/safe-callback";
import { getStores } from "@/lib/store";
import { recordSignIn } from "@/lib/server/audit/sessions";
import { isStoreUnavailable } from "@/lib/store/types";
import { DimoTokenError, type DimoTokenFailure, verifyDimoToken } from "./dimo-token";
import { createNonces, spendOnce } from "./nonces";
import { getAuthSecret } from "./secret";
import { AdmissionRefused, type AdmissionRefusal, admit, newSessionCookie } from "./sign-in-session";

/**
 * Sign in with DIMO, by redirect. `start` sends the browser to DIMO's login page with a one-time state, kept in an
 * httpOnly cookie of this browser; DIMO's login sends the browser back to the callback with a User JWT. `finish`
 * admits the person only when the state cookie is there and genuine (and equals `state` if the query has one), the
 * token verifies and was issued moments ago (dimo-token.ts), and neither the token nor the state was used before (on
 * any instance: both are spent in the shared store). Then the same rule and the same session as a wallet's sign-in
 * (sign-in-session.ts).
 */

/** Long enough to type an email and a one-time code on DIMO's page; the state is single-use anyway. */
const LOGIN_STATE_TTL_MS = 15 * 60_000;
const STATE_COOKIE = "dimo-login-state";
const CALLBACK_COOKIE_PATH = "/login/dimo";
/** An invitation's token as the join page carries it (base64url, no dot): anything else is not carried. */
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

type DimoLoginFailure =
  DimoTokenFailure | AdmissionRefusal | "DIMO_STATE_MISSING" | "DIMO_STATE_MISMATCH" | "SIGN_IN_UNAVAILABLE";

let states: ReturnType<typeof createNonces> | undefined;
const loginStates = () =>
  (states ??= createNonces({
    secret: getAuthSecret(),
    store: getStores().keyValue,
    ttlMs: LOGIN_STATE_TTL_MS,
    purpose: "dimo-login-state",
  }));

function isHttpsSite(): boolean {
  return new URL(getConfig().publicUrl).protocol === "https:";
}

/** `__Secure-` over https, so a plain-http response or a sibling domain cannot plant a state of its own. */
function stateCookieName(): string {
  return isHttpsSite() ? `__Secure-${STATE_COOKIE}` : STATE_COOKIE;
}

export interface CookieToSet {
  name: string;
  value: string;
  options: { httpOnly: boolean; sameSite: "lax"; path: string; secure: boolean; maxAge: number };
}

const stateCookie = (value: string, maxAge: number): CookieToSet => ({
  name: stateCookieName(),
  value,
  // Lax: the cookie must come along on DIMO's top-level redirect back to the callback.
  options: { httpOnly: true, sameSite: "lax", path: CALLBACK_COOKIE_PATH, secure: isHttpsSite(), maxAge },
});

/** Where to send the browser, and the state cookie to set on the way. */
export function startDimoLogin(
  callbackUrl: unknown,
  invitation?: string | null,
): { location: string; cookie: CookieToSet } {
  const config = getConfig();
  const state = loginStates().issue();
  const callbackPath = safeCallbackPath(callbackUrl, config.publicUrl);
  const location = new URL(`${config.dimoLogin.url}/`);
  location.searchParams.set("clientId", config.license.clientId);
  location.searchParams.set("redirectUri", config.dimoLogin.redirectUri);
  location.searchParams.set("entryState", "EMAIL_INPUT");
  // The state stays in this browser's cookie and goes nowhere else: DIMO's login sends no `state` back, and its page
  // reads a `state` parameter as its own JSON (the round trip of its social sign-ins), so one of ours would break it.
  // The cookie holds the state, where to go afterwards and the invitation the person came through, if any; all are
  // checked again on the way back.
  const carried = invitation && INVITATION_TOKEN.test(invitation) ? `.${invitation}` : "";
  const value = `${state}.${Buffer.from(callbackPath, "utf8").toString("base64url")}${carried}`;
  return { location: location.toString(), cookie: stateCookie(value, Math.floor(LOGIN_STATE_TTL_MS / 1000)) };
}

export type DimoLoginOutcome =
  | { kind: "signed-in"; location: string; session: CookieToSet }
  | { kind: "not-allowed"; location: string }
  | { kind: "refused"; location: string; code: DimoLoginFailure };

export interface CallbackInput {
  /** The callback's query string. */
  query: URLSearchParams;
  /** The state cookie's value, if the browser sent one. */
  stateCookie: string | undefined;
}

/** The callback's work. The caller always clears the state cookie (`clearedStateCookie`), whatever the outcome. */
export async function finishDimoLogin({ query, stateCookie: cookie }: CallbackInput): Promise<DimoLoginOutcome> {
  const config = getConfig();
  const refused = (code: DimoLoginFailure): DimoLoginOutcome => ({
    kind: "refused",
    code,
    location: `/login?error=${code}`,
  });

  const [state, encodedPath, invitation] = (cookie ?? "").split(".");
  // Its MAC and expiry, which need no storage: a made-up or stale state is refused before anything is spent.
  if (!state || encodedPath === undefined || loginStates().check(state) === null) return refused("DIMO_STATE_MISSING");
  // DIMO's login sends no `state` back (docs/dimo-api.md), so a callback without one is the normal case and is
  // accepted: the state cookie, the token's short issue window and its single use are what bind it. A `state` in the
  // query is someone else's claim about this round trip, and must then be this browser's.
  const echoed = query.get("state");
  if (echoed !== null && echoed !== state) return refused("DIMO_STATE_MISMATCH");

  const token = query.get("token") ?? "";
  let person;
  try {
    person = await verifyDimoToken(token, { authUrl: config.urls.auth, clientId: config.license.clientId });
  } catch (error) {
    if (error instanceof DimoTokenError) return refused(error.code);
    throw error;
  }
  // Spent only now, for a valid answer, the token first: a replayed token then leaves this browser's state unspent.
  // A used token is worded as a used sign-in; both are good for one sign-in, on every instance.
  try {
    if (!(await spendUserToken(token, person.usableUntilMs))) return refused("DIMO_STATE_MISSING");
    if (!(await loginStates().consume(state))) return refused("DIMO_STATE_MISSING");
  } catch (error) {
    if (isStoreUnavailable(error)) return refused("SIGN_IN_UNAVAILABLE");
    throw error;
  }

  let role;
  try {
    role = await admit(person.address, invitation ? { token: invitation, via: "dimo" } : undefined);
  } catch (error) {
    if (!(error instanceof AdmissionRefused)) throw error;
    if (error.code === "WALLET_NOT_ALLOWED")
      return { kind: "not-allowed", location: `/login/not-allowed?address=${person.address}&via=dimo` };
    return refused(error.code);
  }
  const signedIn = { address: person.address, role, signedInWith: { via: "dimo" as const, email: person.email } };
  const session = await newSessionCookie(signedIn);
  await recordSignIn(signedIn);
  const callbackPath = safeCallbackPath(Buffer.from(encodedPath, "base64url").toString("utf8"), config.publicUrl);
  return { kind: "signed-in", location: callbackPath, session };
}

/** Remembers the token by its hash, never the token itself, for as long as it could be presented again. */
function spendUserToken(token: string, usableUntilMs: number): Promise<boolean> {
  const hash = createHash("sha256").update(token).digest("hex");
  return spendOnce(getStores().keyValue, `used-dimo-token:${hash}`, usableUntilMs, Date.now());
}

/** Removes the state cookie: it is good for one trip to DIMO and back. */
export function clearedStateCookie(): CookieToSet {
  return stateCookie("", 0);
}

export function stateCookieValue(read: (name: string) => string | undefined): string | undefined {
  return read(stateCookieName());
}
