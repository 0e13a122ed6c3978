import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type JWTPayload, SignJWT } from "jose";
import { decode, encode } from "next-auth/jwt";
import { type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expect, plainTest as test } from "./fixtures/test";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS, type DemoLoginAccount } from "@/lib/demo-license";
import { loadSigningKey } from "@/sandbox/keys/signing-keys";
import { signJwt } from "@/sandbox/keys/tokens";
import { OTHER_LICENSE } from "@/sandbox/seed/wallets";
import { DATABASE_FILE } from "@/sandbox/server";
import { enableTestHooks } from "@/test-support/test-hooks";
import { SESSION_COOKIE, get, withSession } from "./fixtures/http-client";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_SANDBOX_URL } from "./fixtures/servers";

/**
 * Sign in with DIMO against the sandbox's stand-in for DIMO's login page, in a real browser with no wallet: who gets
 * in, and every way a callback is refused without a session being made.
 */

/**
 * A signed-out browser with a client address of its own: the dashboard limits sign-ins per address, and these tests
 * make a dozen within a minute, which must not spend the budget of the other specs signing in from this machine.
 */
const SIGNED_OUT = { storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { "x-forwarded-for": "127.0.0.7" } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const STATE_COOKIE = "dimo-login-state";

async function newPage(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...SIGNED_OUT, ...options });
  const page = await context.newPage();
  await enableTestHooks(page);
  return { context, page };
}

/** From the login page to the sandbox's DIMO login page, then back as `account`. */
async function signInWithDimo(page: Page, account: DemoLoginAccount): Promise<void> {
  await page.goto("/login");
  await page.getByTestId("sign-in-with-dimo").click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_SANDBOX_URL}/login/\\?`));
  await page.locator(`button[data-account="${account}"]`).click();
}

/** Starts a DIMO login in this browser (the state cookie is set) and returns the state DIMO was handed. */
async function startLogin(page: Page): Promise<string> {
  await page.goto("/api/sign-in/dimo");
  await expect(page).toHaveURL(new RegExp(`^${E2E_SANDBOX_URL}/login/\\?`));
  // The state never leaves this browser's cookie (DIMO's login gets none): the cookie holds "<state>.<where to go>".
  const cookie = (await page.context().cookies()).find((c) => c.name === "dimo-login-state");
  const state = cookie?.value.split(".")[0];
  expect(state).toBeTruthy();
  return state ?? "";
}

function sandboxAuthKey() {
  const db = new Database(path.join(E2E_DATA_DIR, DATABASE_FILE), { readonly: true });
  try {
    return loadSigningKey(db, "auth");
  } finally {
    db.close();
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const userClaims = (overrides: JWTPayload = {}): JWTPayload => ({
  iss: `${E2E_SANDBOX_URL}/auth`,
  aud: DEMO_LICENSE.clientId,
  sub: "user",
  ethereum_address: DEMO_LOGIN_ACCOUNTS.owner.address,
  email: DEMO_LOGIN_ACCOUNTS.owner.email,
  iat: nowSeconds(),
  exp: nowSeconds() + 14 * 86_400,
  ...overrides,
});

const callbackUrl = (token: string, state: string) =>
  `/login/dimo?${new URLSearchParams({ token, state, email: "x@example.com", walletAddress: DEMO_LOGIN_ACCOUNTS.owner.address })}`;

async function expectNoSession(context: BrowserContext, page: Page) {
  expect((await context.cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);
  await page.goto("/vehicles");
  await expect(page).toHaveURL(/\/login/);
}

async function expectRefused(context: BrowserContext, page: Page, code: string, words: RegExp) {
  await expect(page).toHaveURL(new RegExp(`/login\\?error=${code}$`));
  await expect(page.getByTestId("sign-in-error")).toHaveText(words);
  await expectNoSession(context, page);
}

test.describe("Sign in with DIMO", () => {
  test("the owner signs in on a phone with no wallet at all, and the header says how", async ({ browser }) => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto("/login");
    expect(await page.evaluate(() => "ethereum" in window)).toBe(false);
    // On a phone, DIMO's login comes first.
    const dimo = await page.getByTestId("sign-in-with-dimo").boundingBox();
    const wallet = await page.getByRole("region", { name: "Sign in with a wallet" }).boundingBox();
    expect(dimo && wallet && dimo.y + dimo.height <= wallet.y).toBe(true);

    await signInWithDimo(page, "owner");
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByTestId("signed-in-address")).toHaveAttribute(
      "title",
      DEMO_LICENSE.owner.address.toLowerCase(),
    );
    // On a phone it stands in the menu with the navigation; the header's copy is for wider screens.
    await page.getByTestId("mobile-menu-toggle").click();
    await expect(page.locator('[data-testid="signed-in-with"]:visible')).toHaveText(
      `Signed in with DIMO account · ${DEMO_LOGIN_ACCOUNTS.owner.email}`,
    );
    // The state was good for one trip: the cookie is gone.
    expect((await context.cookies()).map((c) => c.name)).not.toContain(STATE_COOKIE);
    await context.close();
  });

  test("an admin from DASHBOARD_ADMINS signs in with DIMO", async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await signInWithDimo(page, "admin");
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByTestId("signed-in-address")).toHaveAttribute(
      "title",
      DEMO_LOGIN_ACCOUNTS.admin.address.toLowerCase(),
    );
    await expect(page.getByText("Admin", { exact: true })).toBeVisible();
    await expect(page.locator('[data-testid="signed-in-with"]:visible')).toHaveText(
      `DIMO account · ${DEMO_LOGIN_ACCOUNTS.admin.email}`,
    );
    await context.close();
  });

  test("a stranger gets the not-allowed page, which says how to be added, and no session", async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await signInWithDimo(page, "stranger");
    await expect(page.getByRole("heading", { name: "This DIMO account is not allowed" })).toBeVisible();
    await expect(page.getByTestId("not-allowed")).toContainText(DEMO_LOGIN_ACCOUNTS.stranger.address.toLowerCase());
    await expect(page.getByTestId("how-to-be-added")).toContainText("DASHBOARD_ADMINS");
    await expectNoSession(context, page);
    await context.close();
  });

  test("a forged token, a token for another client id and an expired one are refused; a good one is not", async ({
    browser,
  }) => {
    const key = sandboxAuthKey();
    const { privateKey: otherKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const cases: [string, () => Promise<string>, string, RegExp][] = [
      [
        "forged",
        () => new SignJWT(userClaims()).setProtectedHeader({ alg: "RS256", kid: key.kid }).sign(otherKey),
        "DIMO_TOKEN_INVALID",
        /could not be verified/,
      ],
      [
        "another client id",
        () => signJwt(key, userClaims({ aud: OTHER_LICENSE.clientId })),
        "DIMO_WRONG_CLIENT",
        /another application/,
      ],
      [
        "expired",
        () => signJwt(key, userClaims({ iat: nowSeconds() - 15 * 86_400, exp: nowSeconds() - 3_600 })),
        "DIMO_TOKEN_EXPIRED",
        /has expired/,
      ],
    ];
    for (const [name, token, code, words] of cases) {
      await test.step(name, async () => {
        const { context, page } = await newPage(browser);
        const state = await startLogin(page);
        await page.goto(callbackUrl(await token(), state));
        await expectRefused(context, page, code, words);
        await context.close();
      });
    }
    // Positive control: the same way in, with a token signed by the sandbox's auth key for this license, signs in.
    const { context, page } = await newPage(browser);
    const state = await startLogin(page);
    await page.goto(callbackUrl(await signJwt(key, userClaims()), state));
    await expect(page).toHaveURL(/\/vehicles$/);
    await context.close();
  });

  test("a callback URL replayed in another browser is refused", async ({ browser }) => {
    const first = await newPage(browser);
    let callback: string | undefined;
    first.page.on("request", (request) => {
      if (request.url().startsWith(`${E2E_BASE_URL}/login/dimo?`)) callback = request.url();
    });
    await signInWithDimo(first.page, "owner");
    await expect(first.page).toHaveURL(/\/vehicles$/);
    expect(callback).toContain("token=");

    const second = await newPage(browser);
    await second.page.goto(callback ?? "");
    await expectRefused(second.context, second.page, "DIMO_STATE_MISSING", /not started in this browser/);
    await first.context.close();
    await second.context.close();
  });

  test("a callback without the state cookie is refused, and one whose state differs too", async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await startLogin(page);
    // The cookie is gone (another browser profile, cleared cookies, or a link sent by someone else).
    await context.clearCookies();
    await page.locator('button[data-account="owner"]').click();
    await expectRefused(context, page, "DIMO_STATE_MISSING", /not started in this browser/);

    const state = await startLogin(page);
    const token = await signJwt(sandboxAuthKey(), userClaims());
    await page.goto(callbackUrl(token, `${state}x`));
    await expectRefused(context, page, "DIMO_STATE_MISMATCH", /another sign-in/);
    await context.close();
  });

  test("sign-out ends a DIMO session, and it ends 12 hours after sign-in like a wallet's", async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await signInWithDimo(page, "owner");
    await expect(page).toHaveURL(/\/vehicles$/);

    const secret = readFileSync(path.join(E2E_DATA_DIR, "auth-secret"), "utf8").trim();
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.value ?? "";
    const claims = await decode({ token: cookie, secret });
    expect(claims).toMatchObject({
      address: DEMO_LICENSE.owner.address.toLowerCase(),
      role: "owner",
      via: "dimo",
      email: DEMO_LOGIN_ACCOUNTS.owner.email,
    });
    const ait = claims?.ait ?? 0;
    expect(claims?.exp).toBeLessThanOrEqual(ait + 12 * 3600);
    expect(claims?.exp).toBeGreaterThanOrEqual(ait + 12 * 3600 - 1);

    // The same claims signed in 13 hours ago, in a token that is itself valid for weeks, are refused.
    const signedIn = (secondsAgo: number) =>
      encode({
        token: { ...claims, sid: crypto.randomUUID(), ait: nowSeconds() - secondsAgo },
        secret,
        maxAge: 30 * 86_400,
      });
    const stale = await get("/vehicles", withSession(await signedIn(13 * 3600)));
    expect(await stale.text()).not.toContain('data-testid="signed-in-address"');
    const recent = await get("/vehicles", withSession(await signedIn(3600)));
    expect(await recent.text()).toContain('data-testid="signed-in-address"');

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/developer");
    await expect(page).toHaveURL(/\/login/);
    // The cookie copied before sign-out no longer opens anything.
    expect(await (await get("/vehicles", withSession(cookie))).text()).not.toContain('data-testid="signed-in-address"');
    await context.close();
  });
});
