import { encode } from "next-auth/jwt";
import type * as React from "react";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

/** The session check reads next-auth's encrypted cookie itself; these pin down what it accepts. */

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const OWNER = "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd";
const ADMIN = "0x2222222222222222222222222222222222222222";

const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name) } : undefined) }),
}));
// React's request cache needs a server render; in a test each call stands alone.
vi.mock("react", async (original) => ({ ...(await original<typeof React>()), cache: <T>(fn: T) => fn }));

const savedEnv = { ...process.env };

async function loadGetSession(env: Record<string, string> = {}) {
  process.env = { ...savedEnv, AUTH_SECRET: SECRET, ...env };
  vi.resetModules();
  return (await import("./session")).getSession;
}

const cookieFor = (claims: Record<string, unknown>, maxAge = 3600) => encode({ token: claims, secret: SECRET, maxAge });

beforeEach(() => jar.cookies.clear());
afterAll(() => {
  process.env = savedEnv;
});

describe("getSession", () => {
  it("is null without a cookie", async () => {
    expect(await (await loadGetSession())()).toBeNull();
  });

  it("reads the wallet and role from a valid session cookie", async () => {
    jar.cookies.set("next-auth.session-token", await cookieFor({ address: OWNER, role: "owner" }));
    expect(await (await loadGetSession())()).toEqual({ address: OWNER, role: "owner" });
  });

  it("reads the https cookie name too", async () => {
    jar.cookies.set("__Secure-next-auth.session-token", await cookieFor({ address: OWNER, role: "owner" }));
    expect(await (await loadGetSession())()).toEqual({ address: OWNER, role: "owner" });
  });

  it("refuses a tampered cookie", async () => {
    const value = await cookieFor({ address: OWNER, role: "owner" });
    const tampered = value.slice(0, -4) + (value.endsWith("AAAA") ? "BBBB" : "AAAA");
    jar.cookies.set("next-auth.session-token", tampered);
    expect(await (await loadGetSession())()).toBeNull();
  });

  it("refuses a cookie made with another secret", async () => {
    jar.cookies.set("next-auth.session-token", await encode({ token: { address: OWNER, role: "owner" }, secret: "x".repeat(44) }));
    expect(await (await loadGetSession())()).toBeNull();
  });

  it("refuses an expired session", async () => {
    jar.cookies.set("next-auth.session-token", await cookieFor({ address: OWNER, role: "owner" }, -60));
    expect(await (await loadGetSession())()).toBeNull();
  });

  it("refuses a session without a wallet", async () => {
    jar.cookies.set("next-auth.session-token", await cookieFor({ role: "owner" }));
    expect(await (await loadGetSession())()).toBeNull();
  });

  it("lets an admin in only while DASHBOARD_ADMINS lists them", async () => {
    jar.cookies.set("next-auth.session-token", await cookieFor({ address: ADMIN, role: "admin" }));
    expect(await (await loadGetSession({ DASHBOARD_ADMINS: ADMIN }))()).toEqual({ address: ADMIN, role: "admin" });
    expect(await (await loadGetSession({ DASHBOARD_ADMINS: "" }))()).toBeNull();
  });
});
