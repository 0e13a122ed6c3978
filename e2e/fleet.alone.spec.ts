import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, plainTest as base } from "./fixtures/test";
import { CookieJar } from "@/bench/cookies";
import { buildSignInMessage } from "@/lib/sign-in-message";
import { SESSION_COOKIE } from "@/lib/session-cookie";
import { sandboxControl } from "@/sandbox/control-client";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { freePort } from "@/test-support/processes";
import { type RedisServer, startRedisServer } from "@/test-support/redis";
import { INSTANCE_HEADER, type RoundRobinProxy, startRoundRobinProxy } from "@/test-support/round-robin-proxy";
import {
  BEHIND_ONE_PROXY,
  type DashboardServer,
  type SandboxServer,
  newAuthSecret,
  startDashboard,
  startSandboxServer,
} from "@/test-support/servers";
import { enableTestHooks } from "@/test-support/test-hooks";

/**
 * The dashboard as two instances behind a round-robin proxy with one Redis, as it is deployed behind a load
 * balancer: the sign-in nonce comes from one instance and the sign-in goes to the other; trips page on either; two
 * tabs on two instances ask for instant offers at once and the sandbox receives one POST; sign-out on one is honoured
 * by both, and so is a member's removal, at their very next request. Its own Redis, sandbox, dashboards and proxy, started here.
 */

/** Requests the sandbox counted on routes ending with `suffix`. */
async function upstream(control: ReturnType<typeof sandboxControl>, suffix: string): Promise<number> {
  const { routes } = await control.stats();
  return Object.entries(routes)
    .filter(([route]) => route.endsWith(suffix))
    .reduce((sum, [, n]) => sum + n, 0);
}

interface Fleet {
  redis: RedisServer;
  sandbox: SandboxServer;
  dashboards: DashboardServer[];
  proxy: RoundRobinProxy;
}

const test = base.extend<object, { fleet: Fleet }>({
  fleet: [
    async ({}, use) => {
      const redis = await startRedisServer();
      const sandbox = await startSandboxServer(["--instant-offer-delay", "3000"]);
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const authSecret = newAuthSecret();
      const dashboards: DashboardServer[] = [];
      let proxy: RoundRobinProxy | undefined;
      try {
        // One secret, one public URL and one Redis for both, as the README asks.
        for (let i = 0; i < 2; i += 1) {
          dashboards.push(
            await startDashboard({
              sandboxUrl: sandbox.url,
              authSecret,
              env: { ...BEHIND_ONE_PROXY, REDIS_URL: redis.url, NEXTAUTH_URL: publicUrl },
            }),
          );
        }
        proxy = await startRoundRobinProxy({
          port,
          targets: dashboards.map((dashboard) => dashboard.url),
          // The nonce from instance 0, the sign-in on instance 1: without a shared store this fails every time.
          pin: (path) =>
            path.startsWith("/api/sign-in/nonce") ? 0 : path.startsWith("/api/auth/callback/siwe") ? 1 : undefined,
        });
        await use({ redis, sandbox, dashboards, proxy });
      } finally {
        await proxy?.stop();
        for (const dashboard of dashboards) await dashboard.stop();
        await sandbox.stop();
        await redis.stop();
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
});

test("sign in across instances, page trips, one instant offer for two tabs on two instances, sign out everywhere", async ({
  browser,
  fleet,
}) => {
  test.setTimeout(180_000);
  const { proxy, dashboards } = fleet;
  const control = sandboxControl(fleet.sandbox.url);
  const context = await browser.newContext({ baseURL: proxy.url, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await enableTestHooks(page);
  try {
    await page.goto("/login");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    expect(proxy.served.find((request) => request.path.startsWith("/api/sign-in/nonce"))?.instance).toBe(0);
    expect(proxy.served.find((request) => request.path.startsWith("/api/auth/callback/siwe"))?.instance).toBe(1);

    await page.goto(`/vehicles/${VEHICLE_IDS.manyTrips}/trips`);
    await page.getByTestId("page-next").click();
    await expect(page.getByTestId("trip-list")).toHaveAttribute("data-page", "2");
    await page.getByTestId("page-next").click();
    await expect(page.getByTestId("trip-list")).toHaveAttribute("data-page", "3");

    // Two tabs, each pinned to one instance, ask at once: one upstream POST, both follow it to its offers.
    const vehicle = VEHICLE_IDS.noTrips;
    const tabs = [page, await context.newPage()];
    const panels = [];
    for (const [instance, tab] of tabs.entries()) {
      await tab.setExtraHTTPHeaders({ [INSTANCE_HEADER]: String(instance) });
      await tab.goto(`/vehicles/${vehicle}/value`);
      panels.push(tab.getByTestId("offers-panel"));
    }
    await Promise.all(panels.map((offers) => offers.getByTestId("request-offers").click()));
    for (const offers of panels) {
      await expect(offers.getByTestId("request-offers")).toHaveAttribute("data-state", "idle");
      await expect(offers.getByTestId("offer-card")).toHaveCount(3);
    }
    expect(await upstream(control, "/instant-offer")).toBe(1);
    expect(await upstream(control, "generate_challenge")).toBe(1);
    expect(await upstream(control, "submit_challenge")).toBe(1);

    // Both instances list the same calls.
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.value ?? "";
    expect(cookie).not.toBe("");
    const withCookie = { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } };
    const activity = await Promise.all(
      dashboards.map(async (dashboard) => {
        const response = await fetch(`${dashboard.url}/api/developer/activity?format=json`, withCookie);
        expect(response.status).toBe(200);
        const { entries } = (await response.json()) as { entries: { id: string }[] };
        return entries.map((entry) => entry.id);
      }),
    );
    expect(activity[0]?.length).toBeGreaterThan(5);
    expect(activity[1]).toEqual(activity[0]);

    // Sign out on one instance; the cookie copied before is refused by both.
    await page.setExtraHTTPHeaders({ [INSTANCE_HEADER]: "0" });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    for (const dashboard of dashboards) {
      expect((await fetch(`${dashboard.url}/api/developer/activity?format=json`, withCookie)).status).toBe(401);
    }
  } finally {
    await context.close();
  }
});

test("Redis stopped mid-run: pages keep answering on both, a revoked session stays refused, sign-in answers 503, then recovers", async ({
  browser,
  fleet,
}) => {
  test.setTimeout(120_000);
  const { proxy, dashboards, redis } = fleet;
  const signInAndCopyCookie = async () => {
    const context = await browser.newContext({ baseURL: proxy.url, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.value ?? "";
    expect(cookie).not.toBe("");
    return { context, page, headers: { cookie: `${SESSION_COOKIE}=${cookie}` } };
  };
  const active = await signInAndCopyCookie();
  const revoked = await signInAndCopyCookie();
  await revoked.page.getByRole("button", { name: "Sign out" }).click();
  await expect(revoked.page).toHaveURL(/\/login/);
  await revoked.context.close();
  const trips = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/api/vehicles/${VEHICLE_IDS.manyTrips}/trips?page=1`, { headers });

  await redis.stop();
  try {
    for (const dashboard of dashboards) {
      for (let round = 0; round < 3; round += 1) expect((await trips(dashboard.url, active.headers)).status).toBe(200);
      expect((await trips(dashboard.url, revoked.headers)).status).toBe(401);
    }
    const refused = await fetch(`${proxy.url}/api/sign-in/nonce`);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toContain("Sign-in is unavailable for a moment");
  } finally {
    await redis.start();
  }
  // Back by itself, no restart of the dashboards: both hand out nonces again within seconds.
  const started = Date.now();
  for (const dashboard of dashboards) {
    await expect.poll(async () => (await fetch(`${dashboard.url}/api/sign-in/nonce`)).status).toBe(200);
  }
  expect(Date.now() - started).toBeLessThan(10_000);
  // The revocation made before the outage still holds, though the restarted Redis forgot it.
  for (const dashboard of dashboards) expect((await trips(dashboard.url, revoked.headers)).status).toBe(401);
  await active.context.close();
});

/** Signs a new wallet in over HTTP through an invitation, at `site`; returns its session cookie's value. */
async function joinOverHttp(site: string, invitation: string): Promise<string> {
  const account = privateKeyToAccount(generatePrivateKey());
  const jar = new CookieJar();
  const csrf = await fetch(`${site}/api/auth/csrf`);
  jar.store(csrf.headers.getSetCookie());
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const { nonce } = (await (await fetch(`${site}/api/sign-in/nonce`)).json()) as { nonce: string };
  const message = buildSignInMessage({ origin: site, address: account.address, nonce, issuedAt: new Date() });
  const signature = await account.signMessage({ message });
  const callback = await fetch(`${site}/api/auth/callback/siwe`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, message, signature, invitation, json: "true", callbackUrl: site }),
  });
  jar.store(callback.headers.getSetCookie());
  await callback.text();
  const cookie = jar.entries().find(([name]) => name === SESSION_COOKIE)?.[1];
  if (!cookie) throw new Error(`signing in through the invitation answered ${callback.status} without a session`);
  return cookie;
}

test("a member removed on one instance is signed out on the other at their next request", async ({
  browser,
  fleet,
}) => {
  test.setTimeout(120_000);
  const { proxy, dashboards } = fleet;
  const context = await browser.newContext({ baseURL: proxy.url, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await enableTestHooks(page);
  try {
    await page.goto("/login");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    // Every change of the owner's on instance 0; the member reads from instance 1.
    await page.setExtraHTTPHeaders({ [INSTANCE_HEADER]: "0" });
    await page.goto("/team");
    await page.getByRole("button", { name: "Make an invitation link" }).click();
    const link = (await page.getByTestId("invitation-link").textContent()) ?? "";
    const token = link.split("/join/")[1] ?? "";
    const member = { cookie: `${SESSION_COOKIE}=${await joinOverHttp(proxy.url, token)}` };
    const trips = (url: string) =>
      fetch(`${url}/api/vehicles/${VEHICLE_IDS.manyTrips}/trips?page=1`, { headers: member });
    for (const dashboard of dashboards) expect((await trips(dashboard.url)).status).toBe(200);

    await page.goto("/team");
    const rows = page.locator('[data-testid="team-member"]').filter({ hasText: "Invitation, signed in with a wallet" });
    await expect(rows).toHaveCount(1);
    await rows.getByRole("button", { name: "Remove" }).click();
    await expect(rows).toHaveCount(0);
    // The role is read from the shared store on every request: the very next one on the other instance is refused.
    expect((await trips(dashboards[1]?.url ?? "")).status).toBe(401);
    expect((await trips(dashboards[0]?.url ?? "")).status).toBe(401);
  } finally {
    await context.close();
  }
});
