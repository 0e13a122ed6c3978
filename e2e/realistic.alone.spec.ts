import { expect, plainTest as base } from "./fixtures/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { sandboxControl } from "@/sandbox/control-client";
import { type SandboxNetwork, startSandboxNetwork } from "@/test-support/servers";
import { enableTestHooks } from "@/test-support/test-hooks";

/**
 * The main journey against a network that behaves like DIMO's real one (the sandbox's realistic profile: rate limits
 * answered with 429 or 503 and no Retry-After, instant offers that take a while and are refused for 7 days after,
 * plain-text trips errors), with the dashboard pacing its requests as it does outside the sandbox. Its own sandbox
 * and dashboard, started here, so nothing else shares them.
 */

const OFFER_DELAY_MS = 6_000;

const test = base.extend<object, { network: SandboxNetwork }>({
  network: [
    async ({}, use) => {
      const network = await startSandboxNetwork(
        ["--profile", "realistic", "--instant-offer-delay", String(OFFER_DELAY_MS)],
        { DIMO_RATE_LIMITS: "on" },
      );
      await use(network);
      await network.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

test("sign in, vehicles, trips page 2, value and an instant offer, on the realistic network", async ({
  browser,
  network,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: network.dashboard.url });
  const page = await context.newPage();
  await enableTestHooks(page);
  const control = sandboxControl(network.sandbox.url);
  try {
    await page.goto("/login");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await page.locator(`[data-testid="vehicle-row"][data-token-id="${VEHICLE_IDS.manyTrips}"] a`).first().click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${VEHICLE_IDS.manyTrips}$`));
    await page
      .getByRole("navigation", { name: "Vehicle sections" })
      .getByRole("link", { name: "Trips", exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${VEHICLE_IDS.manyTrips}/trips`));
    await page.getByTestId("page-next").click();
    await expect(page.getByTestId("trip-list")).toHaveAttribute("data-page", "2");
    await expect(page.getByTestId("trips-map")).toHaveAttribute("data-drawn-count", "100");

    const vehicle = VEHICLE_IDS.noTrips;
    await page.goto(`/vehicles/${vehicle}/value`);
    const offers = page.getByTestId("offers-panel");
    await expect(offers.getByTestId("offers-empty")).toBeVisible();
    const button = offers.getByTestId("request-offers");
    await button.click();
    // The request runs on the server; the page follows it with its elapsed time, then shows the offers.
    await expect(offers.getByTestId("offer-request-progress")).toBeVisible();
    await expect(offers.getByRole("progressbar", { name: "Instant-offer request" })).toBeVisible();
    await expect(offers.getByTestId("offer-card")).toHaveCount(3);
    await expect(button).toHaveAttribute("data-state", "idle");

    // A second request within 7 days: refused by DIMO, and the page says until when.
    await button.click();
    await expect(offers.getByTestId("offer-request-error")).toContainText(
      "one instant-offer request per vehicle every 7 days",
    );
    await expect(offers.getByTestId("offer-request-error")).toContainText("the next can be made from");

    const stats = await control.stats();
    expect(
      stats.paths[`POST /valuations/v1/vehicles/${vehicle}/instant-offer`] ??
        stats.paths[`POST /valuations/v2/vehicles/${vehicle}/instant-offer`],
    ).toBe(2);
    // DIMO never had to refuse a request for going too fast; a failure names the routes it refused.
    expect(stats.refusedRoutes).toEqual({});
  } finally {
    await context.close();
  }
});
