import { randomUUID } from "node:crypto";
import type { JWTPayload } from "jose";
import { decode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";
import { setUpSandbox } from "@/test-support/sandbox";
import { readChanges } from "@/lib/server/audit/record";
import { getTeamStore } from "@/lib/team";
import { type CookieToSet, finishDimoLogin, startDimoLogin } from "./dimo-login";

/**
 * The DIMO login round trip on the server, against a real sandbox playing DIMO's login page. DIMO sends the token back
 * without the state, so what keeps a callback URL found elsewhere from signing anyone in is on the server: the state
 * cookie this browser holds, a token issued moments ago, and each token and state spent once in the shared store.
 */

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const suite = setUpSandbox({ pointApp: true });

beforeAll(() => {
  Object.assign(process.env, { AUTH_SECRET: SECRET, DASHBOARD_ADMINS: DEMO_LOGIN_ACCOUNTS.admin.address });
});

/** Starts a login, then picks `account` on the sandbox's page; returns the callback's query and the state cookie. */
async function roundTrip(account: DemoLoginAccount, callbackUrl: unknown = "/developer") {
  const { location, cookie } = startDimoLogin(callbackUrl);
  const login = new URL(location);
  expect(login.origin).toBe(new URL(suite.url).origin);
  const answer = await fetch(`${suite.url}/login/`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      clientId: login.searchParams.get("clientId") ?? "",
      redirectUri: login.searchParams.get("redirectUri") ?? "",
      account,
    }),
  });
  expect(answer.status).toBe(303);
  return { query: new URL(answer.headers.get("location") ?? "").searchParams, cookie };
}

/** The callback's query for `token`, as DIMO's login sends it: no state. */
const callbackQuery = (token: string) => new URLSearchParams({ token });

/** The state cookie of a login this browser started and never finished. */
const freshStateCookie = () => startDimoLogin("/").cookie.value;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A User JWT of `account` signed with the sandbox's auth key, as DIMO's login mints one. Each carries an id of its
 * own: two sign-ins of one account within a second would otherwise get the same token, which is then a replay.
 */
function userToken(account: DemoLoginAccount, claims: JWTPayload = {}): Promise<string> {
  return suite.signWithSandboxKey("auth", {
    iss: `${suite.url}/auth`,
    aud: DEMO_LICENSE.clientId,
    ethereum_address: account === "owner" ? DEMO_LICENSE.owner.address : DEMO_LOGIN_ACCOUNTS[account].address,
    email: DEMO_LOGIN_ACCOUNTS[account].email,
    iat: nowSeconds(),
    exp: nowSeconds() + 14 * 86_400,
    jti: randomUUID(),
    ...claims,
  });
}

/** Whether a browser holding `stateCookie` can still finish a new sign-in with it: true while the state is unspent. */
async function stateStillUnspent(stateCookie: string): Promise<boolean> {
  const outcome = await finishDimoLogin({ query: callbackQuery(await userToken("owner")), stateCookie });
  return outcome.kind === "signed-in";
}

describe("startDimoLogin", () => {
  it("sends the browser to DIMO's login with this license and redirect URI, and sets a one-time state cookie", () => {
    const { location, cookie } = startDimoLogin("/vehicles/21957");
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${suite.url}/login/`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      clientId: DEMO_LICENSE.clientId,
      redirectUri: "http://localhost:3000/login/dimo",
      entryState: "EMAIL_INPUT",
    });
    // DIMO's page would read a `state` as its own JSON: the state stays in the cookie.
    expect(url.searchParams.has("state")).toBe(false);
    const state = cookie.value.split(".")[0] ?? "";
    expect(state).toMatch(/^[0-9a-z]{56}$/);
    expect(cookie).toMatchObject({
      name: "dimo-login-state",
      options: { httpOnly: true, sameSite: "lax", path: "/login/dimo", maxAge: 900 },
    });
    // Two starts, two states.
    expect(startDimoLogin("/").cookie.value.split(".")[0]).not.toBe(state);
  });
});

describe("finishDimoLogin", () => {
  it("signs the owner in with a DIMO session, once: a copy of the callback and its cookie cannot sign in again", async () => {
    const { query, cookie } = await roundTrip("owner", "/vehicles/21957/trips");
    const outcome = await finishDimoLogin({ query, stateCookie: cookie.value });
    expect(outcome).toMatchObject({ kind: "signed-in", location: "/vehicles/21957/trips" });
    const session = (outcome as { session: CookieToSet }).session;
    expect(session.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
    expect(await decode({ token: session.value, secret: SECRET })).toMatchObject({
      address: DEMO_LICENSE.owner.address.toLowerCase(),
      role: "owner",
      via: "dimo",
      email: DEMO_LOGIN_ACCOUNTS.owner.email,
    });

    expect(await finishDimoLogin({ query, stateCookie: cookie.value })).toEqual({
      kind: "refused",
      code: "DIMO_STATE_MISSING",
      location: "/login?error=DIMO_STATE_MISSING",
    });
  });

  it("admits an admin, and sends a stranger to the not-allowed page without a session", async () => {
    const admin = await roundTrip("admin");
    expect(await finishDimoLogin({ query: admin.query, stateCookie: admin.cookie.value })).toMatchObject({
      kind: "signed-in",
      location: "/developer",
    });
    const stranger = await roundTrip("stranger");
    expect(await finishDimoLogin({ query: stranger.query, stateCookie: stranger.cookie.value })).toEqual({
      kind: "not-allowed",
      location: `/login/not-allowed?address=${DEMO_LOGIN_ACCOUNTS.stranger.address.toLowerCase()}&via=dimo`,
    });
  });

  it("records a DIMO sign-in with who and how, and nothing for a refused one", async () => {
    const address = DEMO_LOGIN_ACCOUNTS.admin.address.toLowerCase();
    const signIns = async () =>
      (await readChanges()).filter((entry) => entry.kind === "session.sign-in" && entry.actor === address);
    const before = (await signIns()).length;

    const query = callbackQuery(await userToken("admin"));
    const stateCookie = freshStateCookie();
    expect(await finishDimoLogin({ query, stateCookie })).toMatchObject({ kind: "signed-in" });
    const after = await signIns();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      role: "admin",
      via: "dimo",
      email: DEMO_LOGIN_ACCOUNTS.admin.email,
      detail: "Signed in with Login with DIMO as admin",
    });

    expect(await finishDimoLogin({ query, stateCookie })).toMatchObject({ kind: "refused" });
    expect(await signIns()).toHaveLength(before + 1);
  });

  it("makes a stranger who came through an invitation a member with its role, and spends the invitation", async () => {
    const team = getTeamStore();
    const stranger = DEMO_LOGIN_ACCOUNTS.stranger.address.toLowerCase() as `0x${string}`;
    const { token, invitation } = await team.createInvitation({
      role: "viewer",
      createdBy: DEMO_LICENSE.owner.address,
    });
    try {
      // A token of its own (a fresh id): the sandbox's page may mint the same one twice within a second.
      const { cookie } = startDimoLogin("/vehicles", token);
      const query = callbackQuery(await userToken("stranger"));
      expect(cookie.value).toContain(token);
      expect(cookie.options.httpOnly).toBe(true);
      const outcome = await finishDimoLogin({ query, stateCookie: cookie.value });
      expect(outcome).toMatchObject({ kind: "signed-in", location: "/vehicles" });
      const session = (outcome as { session: CookieToSet }).session;
      expect(await decode({ token: session.value, secret: SECRET })).toMatchObject({
        address: stranger,
        role: "viewer",
      });
      expect(await team.readInvitation(invitation.id)).toMatchObject({ state: "accepted", ended: { by: stranger } });
      expect(await team.listMembers()).toMatchObject([{ address: stranger, source: { via: "dimo" } }]);
    } finally {
      await team.removeMember(stranger);
    }
  });

  it("refuses a revoked invitation in its own words, and makes nobody a member", async () => {
    const team = getTeamStore();
    const { token, invitation } = await team.createInvitation({ role: "admin", createdBy: DEMO_LICENSE.owner.address });
    await team.revokeInvitation(invitation.id, DEMO_LICENSE.owner.address);
    const { cookie } = startDimoLogin("/vehicles", token);
    const query = callbackQuery(await userToken("stranger"));
    expect(await finishDimoLogin({ query, stateCookie: cookie.value })).toEqual({
      kind: "refused",
      code: "INVITATION_REVOKED",
      location: "/login?error=INVITATION_REVOKED",
    });
    expect(await team.memberRole(DEMO_LOGIN_ACCOUNTS.stranger.address.toLowerCase() as `0x${string}`)).toBeNull();
  });

  it("refuses without the state cookie, with another login's state, and with a state this server never made", async () => {
    const cookie = freshStateCookie();
    const query = callbackQuery(await userToken("owner"));
    expect(await finishDimoLogin({ query, stateCookie: undefined })).toMatchObject({ code: "DIMO_STATE_MISSING" });
    // A state in the query (DIMO's login sends none) must be this browser's.
    const echoed = new URLSearchParams(query);
    echoed.set("state", cookie.split(".")[0] ?? "");
    expect(await finishDimoLogin({ query: echoed, stateCookie: freshStateCookie() })).toMatchObject({
      code: "DIMO_STATE_MISMATCH",
    });
    // A made-up state, echoed faithfully: the token is good, but the state was never issued here.
    const madeUp = new URLSearchParams(query);
    madeUp.set("state", "f".repeat(56));
    expect(await finishDimoLogin({ query: madeUp, stateCookie: `${"f".repeat(56)}.Lw` })).toMatchObject({
      code: "DIMO_STATE_MISSING",
    });
    // None of these spent the real state, nor the token.
    expect(await finishDimoLogin({ query, stateCookie: cookie })).toMatchObject({ kind: "signed-in" });
  });

  it("refuses a tampered token without spending the state, and ignores walletAddress in the query", async () => {
    const cookie = freshStateCookie();
    const token = await userToken("stranger");
    expect(
      await finishDimoLogin({ query: callbackQuery(`${token.slice(0, -4)}AAAA`), stateCookie: cookie }),
    ).toMatchObject({ code: "DIMO_TOKEN_INVALID" });
    // Claiming to be the owner in the query changes nothing: the token names the stranger.
    const claimed = callbackQuery(token);
    claimed.set("walletAddress", DEMO_LICENSE.owner.address);
    claimed.set("email", DEMO_LOGIN_ACCOUNTS.owner.email);
    expect(await finishDimoLogin({ query: claimed, stateCookie: cookie })).toMatchObject({ kind: "not-allowed" });
  });

  it("signs a token in once: sent again without a state, from a browser with a fresh state, it is refused", async () => {
    const query = callbackQuery(await userToken("owner"));
    expect(await finishDimoLogin({ query, stateCookie: freshStateCookie() })).toMatchObject({ kind: "signed-in" });

    // Whoever finds the callback URL (history, a proxy's log) starts a login of their own and sends the token alone.
    const attacker = freshStateCookie();
    expect(await finishDimoLogin({ query, stateCookie: attacker })).toEqual({
      kind: "refused",
      code: "DIMO_STATE_MISSING",
      location: "/login?error=DIMO_STATE_MISSING",
    });
    // The refusal spent nothing: that browser's state still serves a sign-in of its own.
    expect(await stateStillUnspent(attacker)).toBe(true);
  });

  it("refuses a token issued more than a few minutes ago, without spending the state", async () => {
    const cookie = freshStateCookie();
    const stale = await userToken("owner", { iat: nowSeconds() - 10 * 60 });
    expect(await finishDimoLogin({ query: callbackQuery(stale), stateCookie: cookie })).toMatchObject({
      kind: "refused",
      code: "DIMO_TOKEN_EXPIRED",
    });
    expect(await stateStillUnspent(cookie)).toBe(true);
  });

  it("never makes a session from a Developer JWT, which anyone holding the API key can mint", async () => {
    const cookie = freshStateCookie();
    const developerJwt = await suite.developerJwt();
    expect(await finishDimoLogin({ query: callbackQuery(developerJwt), stateCookie: cookie })).toMatchObject({
      kind: "refused",
      code: "DIMO_TOKEN_INVALID",
    });
    expect(await stateStillUnspent(cookie)).toBe(true);
  });
});
