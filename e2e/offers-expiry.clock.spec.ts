import { sandboxApi } from "./fixtures/sandbox-api";
import { E2E_BASE_URL, OWNER_STATE_PATH } from "./fixtures/servers";
import { expect, test } from "./fixtures/test";
import { openValuePage, requestOffers } from "./fixtures/value-page";

/**
 * Moves the sandbox clock, which every vehicle and token sees; the "clock" project runs this file only after every
 * other dashboard test has finished, so nothing else is in flight while the sandbox lives a week ahead.
 */

const sandbox = sandboxApi();
const VEHICLE = 11873; // no other spec requests offers for it
const SEVEN_DAYS_S = 7 * 24 * 3600;

test.afterEach(async () => {
  await sandbox.control.resetClock();
});

test("after the sandbox clock passes 7 days the offers disappear without a reload", async ({ page, browser }) => {
  await page.clock.install();
  const offers = await openValuePage(page, VEHICLE);
  await requestOffers(offers);

  await sandbox.control.advanceClock(SEVEN_DAYS_S + 60);
  expect(await sandbox.offerSets(VEHICLE)).toEqual([]);
  // The viewer's clock reaches the expiry too: the set leaves the screen and the list is fetched again.
  await page.clock.fastForward((SEVEN_DAYS_S + 60) * 1000);
  await expect(offers.getByTestId("offer-card")).toHaveCount(0);
  await expect(offers.getByTestId("offers-empty")).toContainText("No open offers");
  await expect(offers.getByRole("button", { name: "Get instant offers" })).toBeEnabled();

  // A viewer on the real clock gets the same answer from the dashboard's server.
  const context = await browser.newContext({ storageState: OWNER_STATE_PATH, baseURL: E2E_BASE_URL });
  try {
    const fresh = await openValuePage(await context.newPage(), VEHICLE);
    await expect(fresh.getByTestId("offers-empty")).toBeVisible();
  } finally {
    await context.close();
  }
});
