import { readFileSync } from "node:fs";
import path from "node:path";
import { type JWT, decode, encode } from "next-auth/jwt";
import { expect, plainTest as test } from "./fixtures/test";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./fixtures/servers";
import { WALLETS } from "./fixtures/wallets";
import { SESSION_COOKIE, get, sessionCookie, signIn, withSession } from "./fixtures/http-client";

/**
 * Sessions over real HTTP against the production build: they end 12 hours after sign-in whatever the token's exp
 * says, reading the session does not extend them, and sign-out revokes them on the server.
 */

const TESLA = 21957;
// The all-trips routes read every page of a vehicle's trips: a one-page vehicle leaves the other tests' pages unread.
const CAMRY = 18234;
const PAGES = [
  "/vehicles",
  `/vehicles/${TESLA}/trips`,
  `/vehicles/${CAMRY}/trips/all`,
  `/vehicles/${TESLA}/value`,
  "/developer",
  "/developer/tokens",
];
const ROUTES = [
  "/api/developer/activity",
  `/api/vehicles/${TESLA}/trips?page=1`,
  `/api/vehicles/${CAMRY}/trips/all`,
  `/api/vehicles/${TESLA}/trips/export?page=1&format=csv`,
];

const secret = () => readFileSync(path.join(E2E_DATA_DIR, "auth-secret"), "utf8").trim();

/** Runs `work` with the clock of this process set to `ms` (jose and next-auth read the time from Date). */
async function atTime<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      if (args.length === 0) super(ms);
      else super(args[0]);
    }
    static override now() {
      return ms;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return await work();
  } finally {
    globalThis.Date = RealDate;
  }
}

async function isSignedInPage(pagePath: string, cookie: string): Promise<boolean> {
  const response = await get(pagePath, withSession(cookie));
  const body = response.status < 300 ? await response.text() : "";
  return response.status === 200 && body.includes('data-testid="signed-in-address"');
}

async function expectRefusedEverywhere(cookie: string) {
  for (const pagePath of PAGES) expect(await isSignedInPage(pagePath, cookie), pagePath).toBe(false);
  for (const route of ROUTES) expect((await get(route, withSession(cookie))).status, route).toBe(401);
  const session = await get("/api/auth/session", withSession(cookie));
  expect(await session.json()).toEqual({});
}

async function expectAcceptedEverywhere(cookie: string) {
  for (const pagePath of PAGES) expect(await isSignedInPage(pagePath, cookie), pagePath).toBe(true);
  for (const route of ROUTES) expect((await get(route, withSession(cookie))).status, route).toBe(200);
}

test.describe("sessions", () => {
  test("a correctly encrypted token issued 13 hours ago is refused by every guarded page and route", async () => {
    const owner = WALLETS.owner.address.toLowerCase() as `0x${string}`;
    const thirteenHoursAgo = Date.now() - 13 * 3600_000;
    const claims: JWT = {
      address: owner,
      role: "owner",
      sid: crypto.randomUUID(),
      ait: Math.floor(thirteenHoursAgo / 1000),
    };
    // next-auth's own encoder with its 30-day default: the token itself is valid for weeks more.
    const old = await atTime(thirteenHoursAgo, () => encode({ token: claims, secret: secret() }));
    expect((await decode({ token: old, secret: secret() }))?.exp).toBeGreaterThan(Date.now() / 1000 + 20 * 86_400);
    await expectRefusedEverywhere(old);

    // Positive control: the same claims signed in 1 hour ago are accepted by the same pages and routes.
    const recent = await encode({ token: { ...claims, ait: Math.floor(Date.now() / 1000) - 3600 }, secret: secret() });
    await expectAcceptedEverywhere(recent);
  });

  test("reading /api/auth/session does not move the token's end: exp is sign-in + 12 hours", async () => {
    const jar = await signIn(WALLETS.owner.privateKey);
    const first = sessionCookie(jar);
    const firstToken = await decode({ token: first, secret: secret() });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const read = await get("/api/auth/session", withSession(first));
    expect(await read.json()).toMatchObject({ address: WALLETS.owner.address.toLowerCase(), role: "owner" });
    const reissued = read.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(reissued).toBeDefined();
    const second = await decode({
      token: reissued?.split(";")[0]?.slice(SESSION_COOKIE.length + 1) ?? "",
      secret: secret(),
    });
    expect(typeof firstToken?.ait).toBe("number");
    const end = (firstToken?.ait ?? 0) + 12 * 3600;
    // exp is the session's end (to the second, never after it), however often the session is read.
    for (const token of [firstToken, second]) {
      expect(token?.exp).toBeLessThanOrEqual(end);
      expect(token?.exp).toBeGreaterThanOrEqual(end - 1);
    }
    expect(second?.sid).toBe(firstToken?.sid);
  });

  test("a page whose session ended sends the person to sign in, and back to that page afterwards", async () => {
    const jar = await signIn(WALLETS.owner.privateKey);
    const copied = sessionCookie(jar);
    const csrfResponse = await get("/api/auth/csrf", { cookie: jar.header() });
    jar.store(csrfResponse.headers.getSetCookie());
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
    await fetch(`${E2E_BASE_URL}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });

    // The cookie is still sent, so the proxy's early redirect lets it through: the page itself finds the session over.
    const here = `/vehicles/${TESLA}/trips?page=2`;
    // A way back named by the client is not taken: the proxy writes its own.
    const response = await get(here, { ...withSession(copied), "x-dashboard-request-path": "/developer" });
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location") ?? "", E2E_BASE_URL);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe(here);
  });

  test("a cookie copied before sign-out is refused after it", async () => {
    const jar = await signIn(WALLETS.owner.privateKey);
    const copied = sessionCookie(jar);
    await expectAcceptedEverywhere(copied);

    const csrfResponse = await get("/api/auth/csrf", { cookie: jar.header() });
    jar.store(csrfResponse.headers.getSetCookie());
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
    const signOut = await fetch(`${E2E_BASE_URL}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    expect(signOut.status).toBeLessThan(400);

    await expectRefusedEverywhere(copied);
  });
});
