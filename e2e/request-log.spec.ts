import { type Locator, type Page } from "@playwright/test";
import { ACTIVITY_PAGE_SIZE } from "@/lib/activity-filters";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { showOlderUntil } from "./fixtures/activity";
import { sandboxApi } from "./fixtures/sandbox-api";
import { expect, test } from "./fixtures/test";

/**
 * The request log against the browser tests' sandbox: cache hits folded into a count (in the log and in a vehicle's
 * API calls drawer), a call's details (its request and response, redacted: neither the API key nor a token the
 * dashboard holds reaches the page), and an error shown on a page linking to the call that caused it.
 */

// No other spec opens this vehicle's pages, so its trips calls and the fault injected on them are this spec's alone.
const VEHICLE = VEHICLE_IDS.missingEndLocations;
const JWT = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;
const sandbox = sandboxApi();

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function openTrips(page: Page, tripsPage: number): Promise<void> {
  await page.goto(`/vehicles/${VEHICLE}/trips?page=${tripsPage}`);
  await expect(page.getByTestId("trip-list")).toHaveAttribute("data-page", String(tripsPage));
}

async function openActivity(page: Page, query = ""): Promise<Locator> {
  await page.goto(`/developer/activity${query}`);
  await expect(page.getByTestId("activity-log")).toHaveAttribute("data-loaded", "true");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");
  return page.getByTestId("activity-row");
}

/** Clicks a button that calls a server action and waits for the action's answer. */
async function clickAction(page: Page, button: Locator): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.request().headers()["next-action"] !== undefined,
  );
  await button.click();
  await answered;
}

/** A token the dashboard holds, through its copy button (the one way it reaches the browser, on request). */
async function copiedToken(page: Page, button: Locator, status: Locator): Promise<string> {
  await button.click();
  await expect(status).toHaveAttribute("data-state", "copied");
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toMatch(JWT);
  return token;
}

/** Two trips pages: the second reuses the cached Vehicle JWT and grant, cache hits that sent no request. */
async function makeCacheHits(page: Page): Promise<void> {
  await openTrips(page, 1);
  await openTrips(page, 2);
}

test("the activity log shows network calls and folds cache hits into a count", async ({ page }) => {
  await makeCacheHits(page);

  // Looked at first: the log keeps the last 500 calls, and other tabs' trips pages bring ten route reads each.
  // The trips page's call, and the cache hits that served it, each found by a search.
  const rows = await openActivity(page, `?q=vehicle:${VEHICLE} service:trips`);
  await expect(
    page.locator(`[data-testid="activity-row"][data-path="/v1/vehicle/${VEHICLE}/trips?page=2"]`).first(),
  ).toHaveAttribute("data-status", "200");
  await openActivity(page, `?cache=all&q=vehicle:${VEHICLE} service:tokenExchange`);
  await expect(page.locator('[data-testid="activity-row"][data-cache="hit"]').first()).toBeVisible();

  // Without a cache filter, the hits are folded into a count; a click shows them. All of the vehicle's services: its
  // Vehicle JWT may have come over the network long before (the fleet map reads every vehicle), its trips just now.
  await openActivity(page, `?q=vehicle:${VEHICLE}`);
  await expect(rows.first()).toBeVisible();
  const folded = page.getByTestId("folded-hits");
  await expect(folded).toBeVisible();
  expect(Number(await folded.getAttribute("data-count"))).toBeGreaterThan(0);
  const shownCache = await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-cache")));
  expect(shownCache).not.toContain("hit");
  await page.getByTestId("show-cache-hits").click();
  await expect(page).toHaveURL(/cache=all/);
  await expect(folded).toHaveCount(0);
  await expect(page.locator('[data-testid="activity-row"][data-cache="hit"]').first()).toBeVisible();

  // A search typed into the box: every word must match, and the URL keeps it.
  await page.getByTestId("filter-q").fill(`vehicle:${VEHICLE} page=2`);
  await expect(page).toHaveURL(new RegExp(`q=vehicle%3A${VEHICLE}\\+page%3D2`));
  const searched = () =>
    rows.evaluateAll((all) =>
      all.map((row) => `${row.getAttribute("data-token-id")} ${row.getAttribute("data-path")}`),
    );
  await expect
    .poll(async () => new Set(await searched()))
    .toEqual(new Set([`${VEHICLE} /v1/vehicle/${VEHICLE}/trips?page=2`]));
});

test("the log renders a page of calls at a time", async ({ page }) => {
  // Twenty reads through the dashboard's trips route: a network call and two cache hits each, over 50 entries.
  for (let index = 0; index < 20; index += 1) {
    const response = await page.request.get(`/api/vehicles/${VEHICLE}/trips?page=${(index % 4) + 1}`);
    expect(response.ok()).toBe(true);
  }
  const rows = await openActivity(page, `?cache=all&q=vehicle:${VEHICLE}`);
  await expect(rows).toHaveCount(ACTIVITY_PAGE_SIZE);
  const pager = page.getByTestId("activity-pager");
  await expect(pager).toHaveAttribute("data-page", "0");
  await expect(page.getByTestId("activity-newer")).toBeDisabled();
  await page.getByTestId("activity-older").click();
  await expect(pager).toHaveAttribute("data-page", "1");
  await expect(page.getByTestId("activity-newer")).toBeEnabled();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(ACTIVITY_PAGE_SIZE);
  await expect(pager).toContainText(`${ACTIVITY_PAGE_SIZE + 1}–`);
});

test("a vehicle's API calls drawer folds cache hits into a count too", async ({ page }) => {
  await makeCacheHits(page);
  await page.getByTestId("api-calls-toggle").first().click();
  const drawer = page.getByTestId("api-calls-drawer");
  await expect(drawer).toHaveAttribute("data-loaded", "true");
  await expect(drawer.getByTestId("folded-hits")).toBeVisible();
  await expect(drawer.locator('[data-testid="api-call"][data-cache="hit"]')).toHaveCount(0);
  const tripsCall = drawer.locator(`[data-testid="api-call"][data-path="/v1/vehicle/${VEHICLE}/trips?page=2"]`);
  await showOlderUntil(drawer, tripsCall);
  await expect(tripsCall.first()).toBeVisible();
  await drawer.getByTestId("show-cache-hits").click();
  const hit = drawer.locator('[data-testid="api-call"][data-cache="hit"]');
  await showOlderUntil(drawer, hit);
  await expect(hit.first()).toBeVisible();
});

test("a call's details show its redacted request and response, and no secret reaches the page", async ({ page }) => {
  // Each call is looked at soon after it is made: a trips page's route reads (a hundred telemetry calls) push older
  // calls out of the log's last 500.
  const secrets = [DEMO_LICENSE.apiKey, DEMO_LICENSE.apiKey.slice(2)].map((secret) => secret.toLowerCase());
  const expectNoSecret = async () => {
    const html = (await page.content()).toLowerCase();
    for (const secret of secrets) expect(html.includes(secret)).toBe(false);
    expect(await page.content()).not.toMatch(JWT);
  };
  const detail = page.getByTestId("activity-detail");

  // The challenge flow of a fresh Developer JWT: the signature sent and the tokens received are redacted.
  await page.goto("/developer/tokens");
  await clickAction(page, page.getByTestId("refresh-developer-token"));
  await openActivity(page, "?service=auth&cache=miss");
  await page
    .locator('[data-testid="activity-row"][data-path="/auth/web3/submit_challenge"]')
    .first()
    .getByTestId("toggle-details")
    .click();
  await expect(detail.getByTestId("activity-detail-request-body")).toContainText("signature=[redacted]");
  await expect(detail.getByTestId("activity-detail-request-body")).toContainText("grant_type=authorization_code");
  await expect(detail.getByTestId("activity-detail-response-body")).toContainText('"access_token": "[redacted]"');
  await expectNoSecret();

  // A fresh Vehicle JWT, then a trips page with it. The Vehicle JWT is read through its copy button; the Developer
  // JWT is not copied here (the token copy spec counts its copies): like any token it is a JWT, which the page must
  // not contain at all.
  await page.goto("/developer/tokens");
  const row = page.locator(`[data-testid="vehicle-token-row"][data-token-id="${VEHICLE}"]`);
  await clickAction(page, row.getByTestId("refresh-vehicle-token"));
  secrets.push(
    (
      await copiedToken(page, row.getByTestId("copy-vehicle-token"), row.getByTestId("copy-vehicle-token-status"))
    ).toLowerCase(),
  );

  // The token exchange: the Developer JWT sent and the Vehicle JWT received, both redacted.
  await openActivity(page, `?service=tokenExchange&cache=miss&q=vehicle:${VEHICLE}`);
  await page.getByTestId("activity-row").first().getByTestId("toggle-details").click();
  await expect(detail.getByTestId("activity-detail-request")).toContainText("Bearer [redacted developer JWT]");
  await expect(detail.getByTestId("activity-detail-response-body")).toContainText('"token": "[redacted]"');
  await expectNoSecret();

  // A data call: the Vehicle JWT named by its kind, the answer's headers and body.
  await openTrips(page, 3);
  await openActivity(page, `?service=trips&q=vehicle:${VEHICLE}`);
  await page
    .locator(`[data-testid="activity-row"][data-path="/v1/vehicle/${VEHICLE}/trips?page=3"]`)
    .first()
    .getByTestId("toggle-details")
    .click();
  await expect(detail.getByTestId("activity-detail-timing")).toHaveText(/^\d+ ms/);
  const request = detail.getByTestId("activity-detail-request");
  await expect(request).toContainText("authorization");
  await expect(request).toContainText("Bearer [redacted vehicle JWT]");
  const response = detail.getByTestId("activity-detail-response");
  await expect(response).toContainText("content-type");
  await expect(response.getByTestId("activity-detail-response-body")).toContainText('"trips"');
  await expect(detail.getByTestId("curl-command")).toContainText("$DIMO_TOKEN");
  await expectNoSecret();
  await page.screenshot({ path: test.info().outputPath("call-details.png"), fullPage: true });
});

test("an injected trips fault's error links to the call that failed", async ({ page }) => {
  // Every trips request of the vehicle fails while the test runs: the page's own and its retry alike.
  const { id } = await sandbox.control.injectFault({
    method: "GET",
    path: `/trips/v1/vehicle/${VEHICLE}/trips`,
    status: 500,
    body: { code: 500, message: "injected failure" },
    times: 0,
  });
  try {
    await page.goto(`/vehicles/${VEHICLE}/trips?page=4`);
    const failure = page.getByTestId("trips-error");
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("(500)");
    const link = failure.getByTestId("call-link");
    const callId = await link.getAttribute("data-call-id");
    expect(callId).toBeTruthy();
    await link.click();

    await expect(page).toHaveURL(new RegExp(`/developer/activity\\?call=${callId ?? ""}$`));
    const linked = page.getByTestId("linked-call");
    await expect(linked).toHaveAttribute("data-found", "true");
    const detail = linked.getByTestId("activity-detail");
    await expect(detail).toHaveAttribute("data-call-id", callId ?? "");
    await expect(detail).toContainText(`/trips/v1/vehicle/${VEHICLE}/trips?page=4`);
    await expect(detail.getByTestId("activity-status")).toHaveText("500");
    await expect(detail.getByTestId("activity-detail-response-body")).toContainText("injected failure");
  } finally {
    await sandbox.control.removeFault(id);
  }
});
