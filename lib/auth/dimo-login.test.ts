import { decode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";
import { setUpSandbox } from "@/test-support/sandbox";
import { type CookieToSet, finishDimoLogin, startDimoLogin } from "./dimo-login";

/**
 * The DIMO login round trip on the server, against a real sandbox playing DIMO's login page: the state that binds it
 * to the browser is spent once on the server too, so even a copy of the state cookie cannot sign in twice.
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
      state: login.searchParams.get("state") ?? "",
      account,
    }),
  });
  expect(answer.status).toBe(303);
  return { query: new URL(answer.headers.get("location") ?? "").searchParams, cookie };
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
    const state = url.searchParams.get("state") ?? "";
    expect(state).toMatch(/^[0-9a-z]{56}$/);
    expect(cookie).toMatchObject({
      name: "dimo-login-state",
      options: { httpOnly: true, sameSite: "lax", path: "/login/dimo", maxAge: 900 },
    });
    expect(cookie.value.startsWith(`${state}.`)).toBe(true);
    // Two starts, two states.
    expect(new URL(startDimoLogin("/").location).searchParams.get("state")).not.toBe(state);
  });
});

describe("finishDimoLogin", () => {
  it("signs the owner in with a DIMO session, once: a copy of the state cookie cannot sign in again", async () => {
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

  it("refuses without the state cookie, with another login's state, and with a state this server never made", async () => {
    const { query, cookie } = await roundTrip("owner");
    expect(await finishDimoLogin({ query, stateCookie: undefined })).toMatchObject({ code: "DIMO_STATE_MISSING" });
    const other = startDimoLogin("/").cookie.value;
    expect(await finishDimoLogin({ query, stateCookie: other })).toMatchObject({ code: "DIMO_STATE_MISMATCH" });
    // A made-up state that DIMO echoes faithfully: the token is good, but the state was never issued here.
    const madeUp = new URLSearchParams(query);
    madeUp.set("state", "f".repeat(56));
    expect(await finishDimoLogin({ query: madeUp, stateCookie: `${"f".repeat(56)}.Lw` })).toMatchObject({
      code: "DIMO_STATE_MISSING",
    });
    // None of these spent the real state.
    expect(await finishDimoLogin({ query, stateCookie: cookie.value })).toMatchObject({ kind: "signed-in" });
  });

  it("refuses a tampered token without spending the state, and ignores walletAddress in the query", async () => {
    const { query, cookie } = await roundTrip("stranger");
    const token = query.get("token") ?? "";
    const tampered = new URLSearchParams(query);
    tampered.set("token", `${token.slice(0, -4)}AAAA`);
    expect(await finishDimoLogin({ query: tampered, stateCookie: cookie.value })).toMatchObject({
      code: "DIMO_TOKEN_INVALID",
    });
    // Claiming to be the owner in the query changes nothing: the token names the stranger.
    const claimed = new URLSearchParams(query);
    claimed.set("walletAddress", DEMO_LICENSE.owner.address);
    claimed.set("email", DEMO_LOGIN_ACCOUNTS.owner.email);
    expect(await finishDimoLogin({ query: claimed, stateCookie: cookie.value })).toMatchObject({ kind: "not-allowed" });
  });
});
