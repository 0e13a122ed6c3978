import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { watchCsp } from "./fixtures/csp";
import { expect, test } from "./fixtures/test";

/**
 * Every page is served under a strict Content-Security-Policy, and every response carries the security headers. That
 * no page breaks the policy while it draws its maps and runs its code is checked by the browser tests themselves: the
 * page fixture (fixtures/test.ts) watches each test's page for violations and fails the test on one; the test below
 * shows that watch can fail.
 */

const TESLA = VEHICLE_IDS.manyTrips;
const CAMRY = VEHICLE_IDS.exactly100;

const PAGES = [
  "/vehicles",
  `/vehicles/${TESLA}`,
  `/vehicles/${TESLA}/trips`,
  `/vehicles/${CAMRY}/trips/all`,
  `/vehicles/${TESLA}/value`,
  "/developer",
  "/developer/activity",
  "/developer/tokens",
  "/share",
  "/webhooks",
  "/no-such-page",
];

function expectStrictPolicy(policy: string | undefined) {
  expect(policy).toBeTruthy();
  expect(policy).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/worker-src [^;]*blob:/);
  expect(policy).toMatch(/img-src [^;]*data: blob:/);
}

test.describe("security headers", () => {
  test("every page is served under the strict policy, with a fresh script nonce each time", async ({ request }) => {
    for (const path of PAGES) {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(500);
      expectStrictPolicy(response.headers()["content-security-policy"]);
    }
    const nonceOf = async () =>
      (await request.get("/developer")).headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
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

  test.describe(() => {
    test.use({ cspViolationsExpected: true });

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
