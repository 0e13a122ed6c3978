import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { watchCsp } from "./fixtures/csp";
import { expect, test } from "./fixtures/test";

/**
 * Every page loads under the Content-Security-Policy with no violation, with the map drawing and the client code
 * running (a blocked script would leave the page without its interactive parts), and every response carries the
 * security headers.
 */

const TESLA = VEHICLE_IDS.manyTrips;
// The all-trips map reads every page of a vehicle's trips: a one-page vehicle keeps the other tests' pages unread.
const CAMRY = VEHICLE_IDS.exactly100;

// These tests examine the maps: the pages open as for someone who asked for them (lib/hooks/use-maps-wanted.ts).
test.use({ mapsWanted: true });

const PAGES: Array<{ path: string; ready: string }> = [
  { path: "/vehicles", ready: "vehicle-row" },
  { path: `/vehicles/${TESLA}`, ready: "signed-in-address" },
  { path: `/vehicles/${TESLA}/trips`, ready: "trip-row" },
  { path: `/vehicles/${CAMRY}/trips/all`, ready: "signed-in-address" },
  { path: `/vehicles/${TESLA}/value`, ready: "signed-in-address" },
  { path: "/developer", ready: "signed-in-address" },
  { path: "/developer/activity", ready: "signed-in-address" },
  { path: "/developer/tokens", ready: "signed-in-address" },
  { path: "/share", ready: "signed-in-address" },
  { path: "/webhooks", ready: "signed-in-address" },
  { path: "/no-such-page", ready: "not-found" },
];

function expectStrictPolicy(policy: string | null) {
  expect(policy).toBeTruthy();
  expect(policy).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/worker-src [^;]*blob:/);
  expect(policy).toMatch(/img-src [^;]*data: blob:/);
}

test.describe("security headers", () => {
  for (const { path, ready } of PAGES) {
    test(`${path} loads under the CSP with no violation`, async ({ page }) => {
      const violations = await watchCsp(page);
      const response = await page.goto(path);
      expectStrictPolicy(response?.headers()["content-security-policy"] ?? null);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      // Some pages keep a stream open (no network idle), so the page's load event is the state to wait for; the map's
      // worker is checked by the trips map test below.
      await page.waitForLoadState("load");
      expect(await violations()).toEqual([]);
    });
  }

  test("the trips map draws under the CSP (MapLibre's workers and blob: URLs are allowed)", async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto(`/vehicles/${TESLA}/trips`);
    // A first map load takes 6 to 7 s of software WebGL here, and longer beside another test's: the map tests' wait.
    await expect(page.getByTestId("trips-map")).toHaveAttribute("data-drawn-count", /^[1-9]\d*$/);
    await expect(page.locator("[data-testid=trips-map] canvas").first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("the sign-in page and its wallet code load under the CSP", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const violations = await watchCsp(page);
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Use the demo wallet" })).toBeEnabled();
    await page.goto("/login/not-allowed?address=0x1111111111111111111111111111111111111111");
    await expect(page.getByTestId("not-allowed")).toBeVisible();
    expect(await violations()).toEqual([]);
    await context.close();
  });

  test("injected markup cannot run script, and the attempt is reported (the watch can fail)", async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto("/developer");
    await expect(page.getByTestId("signed-in-address")).toBeVisible();
    // What an HTML injection would add: an inline handler, with no nonce.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        "beforeend",
        '<img src="/no-such-image.png" onerror="window.__injected = true">',
      );
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  });

  test("pages, routes, redirects and static files carry the fixed headers; pages cannot be framed", async ({
    page,
    request,
  }) => {
    await page.goto("/developer");
    const scriptUrl = await page.locator("script[src]").first().getAttribute("src");
    const paths = [
      "/login",
      "/developer",
      "/api/sign-in/nonce",
      "/api/auth/csrf",
      "/api/sign-in/dimo",
      "/login/dimo",
      scriptUrl ?? "/missing-script",
    ];
    for (const path of paths) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("same-origin");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      // Served over http here: no HSTS (it would pin a local site to https).
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    const signedOut = await request.get("/vehicles", { maxRedirects: 0, headers: { cookie: "" } });
    expect(signedOut.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect((await request.get("/login")).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    for (const path of ["/api/sign-in/dimo", "/login/dimo"]) {
      const response = await request.get(path, { maxRedirects: 0, headers: { cookie: "" } });
      expect(response.status(), path).toBe(303);
      expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
  });

  test("HSTS is sent when the site is served over https", async ({ request }) => {
    const response = await request.get("/login", { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  });
});
