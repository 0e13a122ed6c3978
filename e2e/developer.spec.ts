import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Locator, type Page } from "@playwright/test";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { callIds, showOlderUntil } from "./fixtures/activity";
import { E2E_SANDBOX_URL } from "./fixtures/servers";
import { expect, test } from "./fixtures/test";

/**
 * The developer tools against the browser tests' sandbox: the activity log after real page visits, live updates,
 * the token inspector, "copy as cURL" run with curl against the sandbox, the API calls drawer, and a search of every
 * response for the API key and raw tokens.
 */

const run = promisify(execFile);
const TESLA = VEHICLE_IDS.manyTrips;
const CAMRY = VEHICLE_IDS.exactly100;
const TRIPS_PAGE = 3;
const JWT = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

// A test that routes requests through itself must not leave one in flight (a router prefetch) to fail the next test.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/**
 * Splits a copied cURL command into arguments as a POSIX shell would (line continuations, single and double quotes),
 * with `$DIMO_TOKEN` in double quotes replaced by `token`: the command runs with execFile, no shell involved.
 */
function commandArguments(command: string, token?: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const text = command.replace(/\\\n/g, " ");
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (char === " " || char === "\n") {
      if (word !== null) words.push(word);
      word = null;
    } else if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error("unclosed single quote");
      word = (word ?? "") + text.slice(i + 1, end);
      i = end;
    } else if (char === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new Error("unclosed double quote");
      let inner = text.slice(i + 1, end);
      if (inner.includes("$DIMO_TOKEN")) {
        if (token === undefined) throw new Error("the command needs a token");
        inner = inner.replace("$DIMO_TOKEN", token);
      }
      if (/[$`\\]/.test(inner)) throw new Error(`unexpected expansion in ${inner}`);
      word = (word ?? "") + inner;
      i = end;
    } else if (char === "\\") {
      word = (word ?? "") + text.charAt(i + 1);
      i += 1;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

async function runCurl(command: string, token?: string): Promise<unknown> {
  const [program, ...args] = commandArguments(command, token);
  expect(program).toBe("curl");
  const { stdout } = await run("/usr/bin/curl", args, { timeout: 15_000 });
  return JSON.parse(stdout) as unknown;
}

async function visitTripsAndValue(page: Page, tokenId: number, tripsPage: number): Promise<string> {
  await page.goto(`/vehicles/${tokenId}/trips?page=${tripsPage}`);
  await expect(page.getByTestId("trip-list")).toHaveAttribute("data-page", String(tripsPage));
  const firstTripId = await page.getByTestId("trip-row").first().getAttribute("data-trip-id");
  if (!firstTripId) throw new Error("the trips page shows no trip");
  await page.goto(`/vehicles/${tokenId}/value`);
  await expect(page.getByTestId("valuation-panel").getByTestId("valuation-display-price")).toBeVisible();
  return firstTripId;
}

/** Clicks a button that calls a server action and waits for the action's answer. */
async function clickAction(page: Page, button: Locator): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.request().headers()["next-action"] !== undefined,
  );
  await button.click();
  await answered;
}

const tripsPath = (tokenId: number, tripsPage: number) => `/v1/vehicle/${tokenId}/trips?page=${tripsPage}`;

async function openActivity(page: Page, query = "") {
  await page.goto(`/developer/activity${query}`);
  await expect(page.getByTestId("activity-log")).toHaveAttribute("data-loaded", "true");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");
}

test.describe("after visiting a vehicle's trips and value pages", () => {
  test("the activity log lists the calls with statuses, filters by the URL and updates live", async ({
    page,
    context,
  }) => {
    await visitTripsAndValue(page, TESLA, TRIPS_PAGE);
    // By service: a trips page's route reads (a hundred telemetry calls a page) fill the unfiltered log's first page.
    await openActivity(page, "?service=trips");
    const rows = page.getByTestId("activity-row");
    const tripsRow = page.locator(`[data-testid="activity-row"][data-path="${tripsPath(TESLA, TRIPS_PAGE)}"]`);
    await expect(tripsRow.first()).toHaveAttribute("data-status", "200");
    await expect(tripsRow.first().getByTestId("activity-status")).toHaveText("200");
    await openActivity(page, "?service=valuations");
    const valuationRow = page.locator(
      `[data-testid="activity-row"][data-service="valuations"][data-path="/v1/vehicles/${TESLA}/valuations"]`,
    );
    await expect(valuationRow.first()).toHaveAttribute("data-status", "200");
    // The calls that got the vehicle's token and grant are there too, found by a search for the vehicle; a cached
    // token or grant (no request sent) shows as a row only once cache hits are asked for.
    await openActivity(page, `?cache=all&q=vehicle:${TESLA}`);
    await expect(
      page.locator(`[data-testid="activity-row"][data-service="identity"][data-token-id="${TESLA}"]`).first(),
    ).toBeVisible();
    await expect(
      page.locator(`[data-testid="activity-row"][data-service="tokenExchange"][data-token-id="${TESLA}"]`).first(),
    ).toBeVisible();
    expect(new Set(await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-token-id"))))).toEqual(
      new Set([String(TESLA)]),
    );
    await openActivity(page);

    // Filters live in the URL and survive a reload.
    await page.getByTestId("filter-service").selectOption("valuations");
    await expect(page).toHaveURL(/\?service=valuations$/);
    await expect(rows.first()).toHaveAttribute("data-service", "valuations");
    expect(new Set(await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-service"))))).toEqual(
      new Set(["valuations"]),
    );
    await page.getByTestId("filter-status").selectOption("2xx");
    await expect(page).toHaveURL(/\?service=valuations&status=2xx$/);
    await page.reload();
    await expect(page.getByTestId("filter-service")).toHaveValue("valuations");
    await expect(page.getByTestId("filter-status")).toHaveValue("2xx");
    await expect(rows.first()).toHaveAttribute("data-service", "valuations");

    // Live: a trips page opened in another tab shows up here as a new call without a reload (other specs may have
    // read the same page before: the call is new by its id).
    await openActivity(page, `?service=trips&q=${encodeURIComponent(tripsPath(TESLA, 19))}`);
    const live = page.locator(`[data-testid="activity-row"][data-path="${tripsPath(TESLA, 19)}"]`);
    const before = new Set(await callIds(live));
    const other = await context.newPage();
    await other.goto(`/vehicles/${TESLA}/trips?page=19`);
    await expect(other.getByTestId("trip-list")).toHaveAttribute("data-page", "19");
    await expect.poll(async () => (await callIds(live)).some((id) => !before.has(id))).toBe(true);
    await expect(live.first()).toHaveAttribute("data-status", "200");
    await other.close();
  });

  test("the token inspector shows the Developer JWT and the vehicle's token with its privileges and countdowns", async ({
    page,
  }) => {
    await visitTripsAndValue(page, TESLA, TRIPS_PAGE);
    await page.goto("/developer/tokens");
    const developer = page.getByTestId("developer-token");
    await expect(developer).toHaveAttribute("data-state", "valid");
    await expect(developer.getByTestId("developer-token-iss")).toHaveText(`${E2E_SANDBOX_URL}/auth`);
    await expect(developer.getByTestId("developer-token-aud")).toHaveText(DEMO_LICENSE.clientId);
    await expect(developer.getByTestId("developer-token-address")).toHaveText(DEMO_LICENSE.clientId);
    await expect(developer.getByTestId("developer-token-countdown")).toHaveText(/^\d+ d \d+ h left$/);

    const row = page.locator(`[data-testid="vehicle-token-row"][data-token-id="${TESLA}"]`);
    await expect(row.getByTestId("token-privileges").locator("[data-privilege]")).toHaveText([
      "Non-location history",
      "Location history",
      "VIN credential",
    ]);
    const countdown = row.getByTestId("vehicle-token-countdown");
    await expect(countdown).toHaveText(/^\d+ min \d\d s left$/);
    // It ticks.
    const before = await countdown.textContent();
    await expect(countdown).not.toHaveText(before ?? "");
  });

  test("“copy as cURL” gives a command that, with the copied token, returns the same trips page from the sandbox", async ({
    page,
  }) => {
    const firstTripId = await visitTripsAndValue(page, TESLA, TRIPS_PAGE);
    await openActivity(page, "?service=trips&status=2xx");
    const row = page.locator(`[data-testid="activity-row"][data-path="${tripsPath(TESLA, TRIPS_PAGE)}"]`).first();
    await row.getByTestId("toggle-details").click();
    const panel = page.getByTestId("curl-panel");
    await expect(panel.getByTestId("curl-command")).toContainText("$DIMO_TOKEN");
    await panel.getByTestId("copy-curl").click();
    await expect(panel.getByTestId("copy-curl-status")).toHaveAttribute("data-state", "copied");
    const command = await readClipboard(page);
    expect(command).toContain(`${E2E_SANDBOX_URL}/trips${tripsPath(TESLA, TRIPS_PAGE)}`);
    expect(command).not.toMatch(JWT);

    await page.goto("/developer/tokens");
    const tokenRow = page.locator(`[data-testid="vehicle-token-row"][data-token-id="${TESLA}"]`);
    await tokenRow.getByTestId("copy-vehicle-token").click();
    await expect(tokenRow.getByTestId("copy-vehicle-token-status")).toHaveAttribute("data-state", "copied");
    const token = await readClipboard(page);
    expect(token).toMatch(JWT);

    const body = (await runCurl(command, token)) as { currentPage: number; trips: Array<{ id: string }> };
    expect(body.currentPage).toBe(TRIPS_PAGE);
    expect(body.trips[0]?.id).toBe(firstTripId);

    // "Copy with the exact token" needs no placeholder at all.
    await openActivity(page, "?service=trips&status=2xx");
    await page
      .locator(`[data-testid="activity-row"][data-path="${tripsPath(TESLA, TRIPS_PAGE)}"]`)
      .first()
      .getByTestId("toggle-details")
      .click();
    await page.getByTestId("copy-curl-with-token").click();
    await expect(page.getByTestId("copy-curl-with-token-status")).toHaveAttribute("data-state", "copied");
    const exact = await readClipboard(page);
    expect(exact).not.toContain("$DIMO_TOKEN");
    expect(exact).toMatch(JWT);
    // The token went to the clipboard only, not onto the page.
    expect(await page.content()).not.toMatch(JWT);
    const exactBody = (await runCurl(exact)) as { currentPage: number; trips: Array<{ id: string }> };
    expect(exactBody.trips[0]?.id).toBe(firstTripId);
  });

  test("the challenge flow's calls say they cannot be replayed as-is", async ({ page }) => {
    // A fresh Developer JWT: the challenge flow runs now, so its calls are in the log.
    await page.goto("/developer/tokens");
    await clickAction(page, page.getByTestId("refresh-developer-token"));
    await expect(page.getByTestId("developer-token")).toHaveAttribute("data-state", "valid");
    await openActivity(page, "?service=auth&cache=miss");
    const submit = page.locator('[data-testid="activity-row"][data-path="/auth/web3/submit_challenge"]').first();
    await expect(submit).toHaveAttribute("data-status", "200");
    await submit.getByTestId("toggle-details").click();
    await expect(page.getByTestId("curl-unavailable")).toContainText("cannot be replayed as-is");
    await expect(page.getByTestId("curl-command")).toHaveCount(0);
  });
});

test("an expired token shows “expired” and offers a refresh", async ({ page }) => {
  await visitTripsAndValue(page, CAMRY, 1);
  await page.clock.install();
  await page.goto("/developer/tokens");
  const row = page.locator(`[data-testid="vehicle-token-row"][data-token-id="${CAMRY}"]`);
  await expect(row.getByTestId("vehicle-token-countdown")).toHaveText(/left$/);
  // Eleven minutes later in the browser: past the Vehicle JWT's 10-minute lifetime.
  await page.clock.fastForward("11:00");
  await expect(row.getByTestId("vehicle-token-countdown")).toHaveText("expired");
  await expect(row.getByTestId("vehicle-token-countdown")).toHaveAttribute("data-expired", "true");
  await expect(row.getByTestId("refresh-vehicle-token")).toBeVisible();
  await expect(row.getByTestId("refresh-vehicle-token")).toBeEnabled();
});

test("the API calls drawer shows one vehicle's calls and the shared calls that served them, live", async ({
  page,
  context,
}) => {
  await visitTripsAndValue(page, TESLA, 1);
  await page.goto("/developer/tokens");
  const row = page.locator(`[data-testid="vehicle-token-row"][data-token-id="${TESLA}"]`);
  // A re-exchange reuses the cached Developer JWT: a shared call made for this vehicle.
  await clickAction(page, row.getByTestId("refresh-vehicle-token"));
  await row.getByTestId("api-calls-toggle").click();
  const drawer = page.getByTestId("api-calls-drawer");
  await expect(drawer).toHaveAttribute("data-loaded", "true");
  await expect(drawer).toHaveAttribute("data-token-id", String(TESLA));
  // The re-exchange's Developer JWT came from the cache: a hit, folded into a count until asked for.
  await drawer.getByTestId("show-cache-hits").click();
  const calls = drawer.getByTestId("api-call");
  await expect(drawer.locator('[data-testid="api-call"][data-service="tokenExchange"]').first()).toBeVisible();
  // The trips page's route reads came after the calls below: older pages of the drawer hold them.
  const sharedAuth = drawer.locator('[data-testid="api-call"][data-shared="true"][data-service="auth"]');
  await showOlderUntil(drawer, sharedAuth);
  await expect(sharedAuth.first()).toBeVisible();
  const tripsCall = drawer.locator(`[data-testid="api-call"][data-path="${tripsPath(TESLA, 1)}"]`);
  await showOlderUntil(drawer, tripsCall);
  await expect(tripsCall.first()).toHaveAttribute("data-status", "200");
  // Only this vehicle's calls: nothing that names another vehicle.
  const paths = await calls.evaluateAll((all) => all.map((call) => call.getAttribute("data-path") ?? ""));
  expect(paths.filter((path) => /\/vehicles?\/\d+\//.test(path) && !path.includes(`/${TESLA}/`))).toEqual([]);

  // Live: opening a page of this vehicle's trips in another tab brings its calls (the trips page, served or kept,
  // and its route reads) into the open drawer, newest first, without a reload.
  const before = new Set(await callIds(calls));
  const other = await context.newPage();
  await other.goto(`/vehicles/${TESLA}/trips?page=17`);
  await expect(other.getByTestId("trip-list")).toHaveAttribute("data-page", "17");
  await expect.poll(async () => (await callIds(calls.first())).some((id) => !before.has(id))).toBe(true);
  await other.close();

  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
});

test("no response carries the API key or a raw token, except the one copy action that was asked for it", async ({
  page,
}) => {
  const bodies: Array<{ url: string; body: string; action: boolean }> = [];
  const streams: string[] = [];
  // Every response passes through the test, which keeps its whole body: reading bodies from response events can
  // miss a streamed one now and then, and a missed body would make this test prove nothing.
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (new URL(request.url()).pathname === "/api/developer/activity" && !request.url().includes("format=json")) {
      // The live stream never ends; what it carries is read below through its JSON form.
      streams.push(request.url());
      await route.continue();
      return;
    }
    try {
      // The test's own HTTP client keeps connections alive; one the server closed while idle fails at once with
      // ECONNRESET, and is asked again on a new connection, as a browser does with a request on a reused connection.
      const response = await route.fetch({ maxRetries: 2 });
      const body = await response.text();
      bodies.push({ url: request.url(), body, action: (await request.headerValue("next-action")) !== null });
      await route.fulfill({ response, body });
    } catch {
      // The page moved on (a prefetch cut short by navigation): nothing reached it, so nothing is left to check.
      await route.abort().catch(() => {});
    }
  });

  await page.goto("/vehicles");
  await expect(page.locator(`[data-testid="vehicle-row"][data-token-id="${TESLA}"]`)).toBeVisible();
  await visitTripsAndValue(page, TESLA, 2);
  // A page the browser asks for through a server action, not in the server's render.
  await page.goto(`/vehicles/${TESLA}/trips?page=2`);
  await page.getByTestId("page-next").click();
  await expect(page.getByTestId("trip-list")).toHaveAttribute("data-page", "3");
  await page.goto("/developer/tokens");
  const row = page.locator(`[data-testid="vehicle-token-row"][data-token-id="${TESLA}"]`);
  await expect(row).toBeVisible();
  await clickAction(page, row.getByTestId("refresh-vehicle-token"));
  await clickAction(page, page.getByTestId("refresh-developer-token"));
  await row.getByTestId("api-calls-toggle").click();
  await expect(page.getByTestId("api-calls-drawer")).toHaveAttribute("data-loaded", "true");
  await page.keyboard.press("Escape");
  await openActivity(page);
  await page.getByTestId("activity-row").first().getByTestId("toggle-details").click();
  const log = await page.request.get("/api/developer/activity?format=json");
  expect(log.ok()).toBe(true);
  bodies.push({ url: log.url(), body: await log.text(), action: false });

  const apiKeys = [DEMO_LICENSE.apiKey.toLowerCase(), DEMO_LICENSE.apiKey.slice(2).toLowerCase()];
  const kinds = (test: (url: string) => boolean) => bodies.filter((b) => test(b.url)).length;
  // The search covered pages, their RSC payloads and scripts, action answers and the activity stream.
  expect(kinds((url) => url.includes("/developer/tokens"))).toBeGreaterThan(0);
  expect(kinds((url) => url.endsWith(".js"))).toBeGreaterThan(0);
  expect(bodies.some((b) => b.action)).toBe(true);
  expect(streams.length).toBeGreaterThan(0);
  for (const { url, body } of bodies) {
    expect(
      apiKeys.some((key) => body.toLowerCase().includes(key)),
      `API key in ${url}`,
    ).toBe(false);
    expect(JWT.test(body), `a token in ${url}`).toBe(false);
  }

  // Now the developer asks for the vehicle's token: exactly one response, the action's, carries it.
  const before = bodies.length;
  await page.goto("/developer/tokens");
  await row.getByTestId("copy-vehicle-token").click();
  await expect(row.getByTestId("copy-vehicle-token-status")).toHaveAttribute("data-state", "copied");
  const token = await readClipboard(page);
  expect(token).toMatch(JWT);
  const carrying = bodies.filter((b) => b.body.includes(token));
  expect(carrying).toHaveLength(1);
  expect(carrying[0]?.action).toBe(true);
  expect(bodies.slice(0, before).some((b) => b.body.includes(token))).toBe(false);
  for (const { url, body } of bodies)
    expect(
      apiKeys.some((key) => body.toLowerCase().includes(key)),
      `API key in ${url}`,
    ).toBe(false);
});
