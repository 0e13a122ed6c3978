import { encode } from "next-auth/jwt";
import type * as React from "react";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The session check reads next-auth's encrypted cookie itself; these pin down what it accepts. */

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const OWNER = "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd";
const ADMIN = "0x2222222222222222222222222222222222222222";
const COOKIE = "next-auth.session-token";
const SECURE_COOKIE = "__Secure-next-auth.session-token";

const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
const identity = vi.hoisted(() => ({ owner: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", calls: 0, down: false }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name) } : undefined),
  }),
}));
// React's request cache needs a server render; in a test each call stands alone.
vi.mock("react", async (original) => ({ ...(await original<typeof React>()), cache: <T>(fn: T) => fn }));
vi.mock("./license-owner", () => ({
  licenseOwner: async () => {
    identity.calls += 1;
    if (identity.down) throw new Error("identity API down");
    return identity.owner;
  },
}));

const savedEnv = { ...process.env };
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function load(env: Record<string, string> = {}) {
  process.env = { ...savedEnv, AUTH_SECRET: SECRET, ...env };
  vi.resetModules();
  return {
    getSession: (await import("./session")).getSession,
    revokeSession: (await import("./revocation")).revokeSession,
  };
}

const claims = (address: string, role: "owner" | "admin", signedInSecondsAgo = 0) => ({
  address: address as `0x${string}`,
  role,
  sid: crypto.randomUUID(),
  ait: nowSeconds() - signedInSecondsAgo,
});
const cookieFor = (token: Record<string, unknown>, maxAge = 3600) => encode({ token, secret: SECRET, maxAge });
const anyIdAndEnd = { id: expect.any(String), endsAtMs: expect.any(Number) };

beforeEach(async () => {
  // The role checks are kept per process, across the module reloads below.
  (await import("./role-check")).forgetRoleChecks();
  jar.cookies.clear();
  identity.owner = OWNER;
  identity.calls = 0;
  identity.down = false;
});
afterEach(() => vi.useRealTimers());
afterAll(() => {
  process.env = savedEnv;
});

describe("getSession", () => {
  it("is null without a cookie", async () => {
    expect(await (await load()).getSession()).toBeNull();
  });

  it("reads the wallet, role, session id and end from a valid session cookie", async () => {
    const token = claims(OWNER, "owner");
    jar.cookies.set(COOKIE, await cookieFor(token));
    expect(await (await load()).getSession()).toEqual({
      address: OWNER,
      role: "owner",
      signedInWith: { via: "wallet" },
      id: token.sid,
      endsAtMs: (token.ait + 12 * 3600) * 1000,
    });
  });

  it("reads back a session made by the shared sign-in path, with how the person signed in", async () => {
    const loaded = await load();
    const { newSessionCookie } = await import("./sign-in-session");
    const made = await newSessionCookie({
      address: OWNER,
      role: "owner",
      signedInWith: { via: "dimo", email: "owner@example.com" },
    });
    expect(made.name).toBe(COOKIE);
    expect(made.options).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: false,
      maxAge: 12 * 3600,
    });
    jar.cookies.set(made.name, made.value);
    expect(await loaded.getSession()).toEqual({
      address: OWNER,
      role: "owner",
      signedInWith: { via: "dimo", email: "owner@example.com" },
      ...anyIdAndEnd,
    });
  });

  it("over https, accepts only the __Secure- cookie", async () => {
    const value = await cookieFor(claims(OWNER, "owner"));
    jar.cookies.set(COOKIE, value);
    const https = { NEXTAUTH_URL: "https://dash.example.com" };
    expect(await (await load(https)).getSession()).toBeNull();
    jar.cookies.set(SECURE_COOKIE, value);
    expect(await (await load(https)).getSession()).toEqual({
      address: OWNER,
      role: "owner",
      signedInWith: { via: "wallet" },
      ...anyIdAndEnd,
    });
  });

  it("over http, does not read a __Secure- cookie", async () => {
    jar.cookies.set(SECURE_COOKIE, await cookieFor(claims(OWNER, "owner")));
    expect(await (await load()).getSession()).toBeNull();
  });

  it("refuses a tampered cookie", async () => {
    const value = await cookieFor(claims(OWNER, "owner"));
    jar.cookies.set(COOKIE, value.slice(0, -4) + (value.endsWith("AAAA") ? "BBBB" : "AAAA"));
    expect(await (await load()).getSession()).toBeNull();
  });

  it("refuses a cookie made with another secret", async () => {
    jar.cookies.set(COOKIE, await encode({ token: claims(OWNER, "owner"), secret: "x".repeat(44) }));
    expect(await (await load()).getSession()).toBeNull();
  });

  it("refuses an expired token", async () => {
    jar.cookies.set(COOKIE, await cookieFor(claims(OWNER, "owner"), -60));
    expect(await (await load()).getSession()).toBeNull();
  });

  it("refuses a correctly encrypted token issued 13 hours ago, even with 30 days left on its exp", async () => {
    vi.useFakeTimers({ now: Date.now() - 13 * 3600_000, toFake: ["Date"] });
    const old = await cookieFor(claims(OWNER, "owner"), 30 * 24 * 3600);
    vi.useRealTimers();
    jar.cookies.set(COOKIE, old);
    expect(await (await load()).getSession()).toBeNull();
  });

  it("refuses a token without a session id or sign-in time (made before sessions had them)", async () => {
    jar.cookies.set(COOKIE, await cookieFor({ address: OWNER, role: "owner" }, 30 * 24 * 3600));
    expect(await (await load()).getSession()).toBeNull();
  });

  it("refuses a session without a wallet", async () => {
    jar.cookies.set(COOKIE, await cookieFor({ ...claims(OWNER, "owner"), address: undefined }));
    expect(await (await load()).getSession()).toBeNull();
  });

  it("refuses a revoked session at once, even while its decryption is cached", async () => {
    const token = claims(OWNER, "owner");
    jar.cookies.set(COOKIE, await cookieFor(token));
    const { getSession, revokeSession } = await load();
    expect(await getSession()).not.toBeNull();
    await revokeSession(token.sid, Date.now() + 3600_000);
    expect(await getSession()).toBeNull();
  });

  it("lets an admin in only while DASHBOARD_ADMINS lists them", async () => {
    jar.cookies.set(COOKIE, await cookieFor(claims(ADMIN, "admin")));
    expect(await (await load({ DASHBOARD_ADMINS: ADMIN })).getSession()).toEqual({
      address: ADMIN,
      role: "admin",
      signedInWith: { via: "wallet" },
      ...anyIdAndEnd,
    });
    expect(await (await load({ DASHBOARD_ADMINS: "" })).getSession()).toBeNull();
  });

  it("ends a former owner's session within 5 minutes, asking the identity API at most once per 5 minutes", async () => {
    jar.cookies.set(COOKIE, await cookieFor(claims(OWNER, "owner")));
    const { getSession } = await load();
    expect(await getSession()).toEqual({
      address: OWNER,
      role: "owner",
      signedInWith: { via: "wallet" },
      ...anyIdAndEnd,
    });
    identity.owner = "0x9999999999999999999999999999999999999999";
    expect(await getSession()).not.toBeNull(); // checked a moment ago
    expect(identity.calls).toBe(1);
    vi.useFakeTimers({ now: Date.now() + 5 * 60_000 + 1_000, toFake: ["Date"] });
    expect(await getSession()).toBeNull();
    expect(identity.calls).toBe(2);
  });

  it("keeps the owner signed in while the identity API is briefly down", async () => {
    jar.cookies.set(COOKIE, await cookieFor(claims(OWNER, "owner")));
    identity.down = true;
    expect(await (await load()).getSession()).toEqual({
      address: OWNER,
      role: "owner",
      signedInWith: { via: "wallet" },
      ...anyIdAndEnd,
    });
  });
});
