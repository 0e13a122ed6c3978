import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { sandboxApi } from "./fixtures/sandbox-api";
import { E2E_BASE_URL } from "./fixtures/servers";
import { expect, test } from "./fixtures/test";
import { openValuePage, requestOffers } from "./fixtures/value-page";

/**
 * Every page through axe (WCAG 2.1 A and AA, and best practices) in the light theme, and its colours again in the dark
 * theme: no violation of impact serious or critical. The counts per page are printed, minor ones included, so they can be watched.
 * Runs alone (after the speed measurements), since the page error needs a fault every other test would feel.
 */

const sandbox = sandboxApi();

// An axe scan of a whole page takes seconds on two cores; a test scans several.
test.describe.configure({ timeout: 180_000 });
const TESLA = VEHICLE_IDS.manyTrips;

// No other spec requests offers for it: the value page before and after.
const OFFERS_VEHICLE = 15002;

// The rules a theme can break: the page and its DOM stay, only the colours change.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

async function scan(page: Page, name: string, { coloursOnly = false } = {}): Promise<void> {
  const axe = new AxeBuilder({ page });
  const results = await (
    coloursOnly
      ? axe.withRules(COLOUR_RULES)
      : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
  ).analyze();
  const byImpact = (impact: string) => results.violations.filter((v) => v.impact === impact);
  const grave = [...byImpact("critical"), ...byImpact("serious")];
  console.log(
    `axe ${name}: ${results.violations.length} rules violated (critical ${byImpact("critical").length}, serious ${byImpact("serious").length}, ` +
      `moderate ${byImpact("moderate").length}, minor ${byImpact("minor").length}); ${results.passes.length} passed`,
  );
  const described = grave.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join("; ")})`,
  );
  expect(described, `serious or critical axe violations on ${name}`).toEqual([]);
}

/**
 * Scans the page with every rule in the light theme, then switches the system to dark, as a person's evening does, and
 * scans its colours again: each page is loaded and drawn once for both themes.
 */
async function scanBothThemes(page: Page, name: string): Promise<void> {
  const html = page.locator("html");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await scan(page, `${name} (light)`);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);
  await scan(page, `${name} (dark)`, { coloursOnly: true });
}

test("the login page", async ({ browser }) => {
  // Signed out: the project's signed-in state would otherwise be applied to this context too.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("button", { name: /demo wallet/i })).toBeEnabled();
    await scanBothThemes(page, "login");
  } finally {
    await context.close();
  }
});

test("the vehicle list, a vehicle's overview and its trips with a trip selected", async ({ page }) => {
  await page.goto("/vehicles");
  await expect(page.getByTestId("vehicle-row").first()).toBeVisible();
  await scanBothThemes(page, "vehicles");

  await page.goto(`/vehicles/${TESLA}`);
  await expect(page.getByTestId("telemetry-overview")).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("history-figure")).toBeVisible();
  await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
  await page.getByText("Show the values as a table").click();
  await scanBothThemes(page, "vehicle overview");

  // A grant of location history alone: the explanations take the data's place.
  await page.goto(`/vehicles/${VEHICLE_IDS.noValuationPrivilege}`);
  await expect(page.getByTestId("telemetry-overview")).toHaveAttribute("data-state", "ready");
  await scanBothThemes(page, "vehicle overview, privilege 4 only");

  await page.goto(`/vehicles/${TESLA}/trips`);
  await expect(page.getByTestId("trips-map")).toHaveAttribute("data-drawn-count", "100");
  await page.getByTestId("trip-row").nth(2).click();
  await expect(page.getByTestId("trips-map")).not.toHaveAttribute("data-selected-trip", "");
  await scanBothThemes(page, "trips, a trip selected");
});

test("all trips", async ({ page }) => {
  await page.goto(`/vehicles/${VEHICLE_IDS.exactly100}/trips/all`);
  await expect(page.getByTestId("all-trips-view")).toHaveAttribute("data-status", "done");
  // With the busiest places listed, and the busiest one's trips.
  await page
    .getByTestId("busiest-place")
    .first()
    .getByRole("button", { name: /^List the/ })
    .click();
  await expect(page.getByTestId("cluster-trip").first()).toBeVisible();
  await scanBothThemes(page, "all trips");
});

test("the developer pages", async ({ page }) => {
  for (const path of ["/developer", "/developer/tokens", "/developer/activity"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await scanBothThemes(page, path);
  }
});

test("the team, the record of changes, usage and a vehicle's raw data", async ({ page }) => {
  for (const path of ["/team", "/audit", "/usage", `/vehicles/${VEHICLE_IDS.rawDataBev}/raw`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await scanBothThemes(page, path);
  }
});

test("the not-found and error pages", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await scanBothThemes(page, "not found");

  // The identity service fails the vehicle list once (not the license lookup beside it): the list shows the error in
  // the app's frame, in its place.
  await sandbox.control.injectFault({
    method: "POST",
    path: "/identity/query",
    graphqlField: "vehicles",
    status: 500,
    times: 1,
  });
  try {
    await page.goto("/vehicles");
    await expect(page.getByTestId("page-error")).toContainText("DIMO's identity service failed while answering (500).");
    await scanBothThemes(page, "error");
  } finally {
    await sandbox.control.clearFaults();
  }
});

test("the value page before and after instant offers", async ({ page }) => {
  const offers = await openValuePage(page, OFFERS_VEHICLE);
  await expect(page.getByTestId("valuation-panel")).toBeVisible();
  await scanBothThemes(page, "value, before offers");
  await requestOffers(offers);
  await scanBothThemes(page, "value, with offers");
});

test("motion stops when the system asks for less", async ({ page }) => {
  // The live dot of the activity log pulses, unless reduced motion is asked for.
  const dotAnimation = () =>
    page
      .getByTestId("live-indicator")
      .locator("span")
      .first()
      .evaluate((dot) => getComputedStyle(dot).animationName);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/developer/activity");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");
  expect(await dotAnimation()).not.toBe("none");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect.poll(dotAnimation).toBe("none");
});
