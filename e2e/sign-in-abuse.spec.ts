import { expect, test } from "./fixtures/test";
import { flood } from "./fixtures/http-client";
import { E2E_BASE_URL } from "./fixtures/servers";

/**
 * Sign-in under attack, over real HTTP against the production build: sign-in attempts are limited per client, and no
 * callback URL leaves the site. (The nonce flood: nonce-flood.spec.ts.)
 */

const BYPASSES = [
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "\\\\evil.example/x",
  "/\\evil.example/x",
  "//evil.example/x",
  "/%2F%2Fevil.example/x",
  "/.//evil.example/x",
  "http://evil.example/x",
  "https://evil.example/x",
  "javascript:alert(document.domain)",
];

/** A request to the attacker's site (not one that merely names it in a query). */
const isEvil = (url: URL) => url.hostname === "evil.example";

test.describe("sign-in under attack", () => {
  test("sign-in attempts are limited per client", async () => {
    const { statuses, retryAfter } = await flood("/api/auth/callback/siwe", 30, "127.0.0.4", {
      method: "POST",
      concurrency: 4,
    });
    expect(statuses.get(429)).toBe(10);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  test("a signed-in visit to the login page with a crafted callback stays on this site", async ({ page }) => {
    let left = false;
    await page.context().route(isEvil, async (route) => {
      left = true;
      await route.fulfill({ body: "evil" });
    });
    for (const callback of BYPASSES) {
      await page.goto(`/login?callbackUrl=${encodeURIComponent(callback)}`);
      await page.waitForLoadState("domcontentloaded");
      expect(new URL(page.url()).origin, callback).toBe(E2E_BASE_URL);
    }
    // The issue's own link, exactly as it was sent.
    await page.goto("/login?callbackUrl=%2F%09%2Fevil.example%2Fx");
    expect(new URL(page.url()).origin).toBe(E2E_BASE_URL);
    expect(left).toBe(false);
  });

  test("a signed-out user who signs in from a crafted link lands on this site", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    let left = false;
    await context.route(isEvil, async (route) => {
      left = true;
      await route.fulfill({ body: "evil" });
    });
    const page = await context.newPage();
    await page.goto("/login?callbackUrl=%2F%09%2Fevil.example%2Fx");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/vehicles`);
    expect(left).toBe(false);
    await context.close();
  });
});
