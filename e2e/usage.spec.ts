import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { TRIAL_MAX_VEHICLES, trialCreditEstimate } from "@/lib/models/webhook-trial";
import { expect, test } from "./fixtures/test";
import { sandboxApi } from "./fixtures/sandbox-api";

/**
 * What the calls cost, end to end: a webhook trial states its credit estimate before it runs and what it used after
 * (within 10 %); the Usage page shows the day's credits by service and by vehicle; a vehicle whose balance will not
 * last the month at the current rate is flagged. The balance is set through the sandbox's control surface, so the
 * calls other specs made before do not matter.
 */

const { control } = sandboxApi();
const LOW_VEHICLE = VEHICLE_IDS.exactly100;
/** Enough for a few calls, far too little for a month of them. */
const LOW_BALANCE = 25;

test("a trial's credits before and after, the day's credits by service and vehicle, a balance flagged", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto("/webhooks/new");
  const form = page.getByTestId("webhook-create-form");
  await form.getByLabel("Metric").selectOption("signals:vss.speed");
  await form.getByLabel("Condition (CEL)").fill("valueNumber > 100");
  await expect(page.getByTestId("webhook-condition-ok")).toBeVisible();
  await form.getByLabel(/^Cooldown/).fill("0");

  const estimate = page.getByTestId("trial-estimate");
  const estimated = trialCreditEstimate(TRIAL_MAX_VEHICLES);
  await expect(estimate).toHaveAttribute("data-credits", String(estimated));
  await expect(estimate).toContainText(`about ${estimated} DIMO credits`);
  await expect(page.getByTestId("trial-actual")).toHaveCount(0);
  await form.getByRole("button", { name: /Try it on the last 7 days/ }).click();
  await expect(page.getByTestId("trial-summary")).toBeVisible({ timeout: 90_000 });
  const actual = Number(await page.getByTestId("trial-actual").getAttribute("data-credits"));
  expect(actual).toBeGreaterThan(0);
  expect(Math.abs(actual - estimated) / estimated).toBeLessThanOrEqual(0.1);
  const tried = await page
    .getByTestId("trial-vehicle")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-token-id"))));

  // A vehicle with little left, read twice through the dashboard: at that rate it will not last a month.
  await control.setCredits({ tokenId: LOW_VEHICLE, amount: LOW_BALANCE });
  for (let i = 0; i < 2; i++)
    expect((await page.request.get(`/api/vehicles/${LOW_VEHICLE}/telemetry/latest`)).ok()).toBe(true);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Usage" }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await page.getByLabel("Vehicle (token id)").fill(String(LOW_VEHICLE));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`vehicle=${LOW_VEHICLE}`));

  const today = new Date().toISOString().slice(0, 10);
  const todayRow = page.getByTestId("usage-days").locator(`tr[data-day="${today}"]`);
  const telemetryToday = Number(await todayRow.locator('[data-service="telemetry"]').innerText());
  expect(telemetryToday).toBeGreaterThanOrEqual(actual + 2);
  await expect(todayRow.getByTestId("usage-day-total")).toHaveText(telemetryToday.toLocaleString("en-US"));
  await expect(page.getByTestId("usage-chart").locator("canvas")).toHaveCount(1);

  // By vehicle: the trial's and the low one, each with the tracker's figures beside the record's.
  const rows = page.getByTestId("usage-vehicle");
  expect(await rows.count()).toBeGreaterThan(1);
  const shown = await rows.evaluateAll((all) => all.map((row) => Number(row.getAttribute("data-token-id"))));
  expect(tried.some((tokenId) => shown.includes(tokenId))).toBe(true);
  const low = page.locator(`[data-testid="usage-vehicle"][data-token-id="${LOW_VEHICLE}"]`);
  await expect(low).toHaveAttribute("data-runs-short", "true");
  await expect(low.getByTestId("usage-runs-short")).toContainText("Will not last the month");
  const balance = Number((await low.getByTestId("usage-vehicle-balance").innerText()).replace(/,/g, ""));
  expect(balance).toBeLessThanOrEqual(LOW_BALANCE - 2);
  await expect(page.getByTestId("usage-tracker-total")).not.toHaveText("—");
});
