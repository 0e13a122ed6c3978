import { randomUUID } from "node:crypto";
import { type Locator, type Page } from "@playwright/test";
import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { expect, test } from "./fixtures/test";
import { sandboxApi } from "./fixtures/sandbox-api";
import { E2E_SANDBOX_URL } from "./fixtures/servers";

/**
 * The webhooks section end to end: a speed condition tried on history first (its count compared with the sandbox's
 * own history), then a speed webhook aimed at the dashboard's own inbox, edited, one subscribed vehicle, a sample
 * injected through the sandbox's control surface, the delivery shown in the open inbox; disabled, nothing more;
 * tested from the server; deleted. The sandbox answers an injection once the deliveries it caused have finished.
 */

const VEHICLE = 21957;
/** A band no simulated speed falls in by chance, so only the injected samples match. */
const CONDITION = "valueNumber > 123.3 && valueNumber < 123.6";
/** The condition tried on history: common enough that the count says something. */
const TRIAL_THRESHOLD = 60;
const { control } = sandboxApi();

const rowOf = (page: Page, name: string): Locator => page.getByTestId("webhook-row").filter({ hasText: name });
const deliveriesOf = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="inbox-delivery"][data-webhook-name="${name}"]`);

async function outcomeFor(webhookId: string, value: number): Promise<string | undefined> {
  const result = await control.injectSignal({ tokenId: VEHICLE, name: "speed", value });
  return result.outcomes.find((outcome) => outcome.webhookId === webhookId)?.outcome;
}

async function openInbox(page: Page): Promise<void> {
  await page.goto("/webhooks/inbox");
  await expect(page.getByTestId("inbox-url")).toBeVisible();
}

/**
 * How many of the vehicle's speed samples in [from, to) exceed the threshold, as the sandbox's own Telemetry API
 * serves them, one row per sample (buckets of 1 ms). With no cooldown, that is how often the condition fires.
 */
async function samplesAbove(tokenId: number, from: string, to: string, threshold: number): Promise<number> {
  const token = await getVehicleJwt(E2E_SANDBOX_URL, await getDeveloperJwt(E2E_SANDBOX_URL), tokenId, [1]);
  const response = await fetch(`${E2E_SANDBOX_URL}/telemetry/query`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: `query($t: Int!, $f: Time!, $to: Time!) {
        signals(tokenId: $t, interval: "1ms", from: $f, to: $to) { speed(agg: FIRST) } }`,
      variables: { t: tokenId, f: from, to },
    }),
  });
  const body = (await response.json()) as { data: { signals: { speed: number | null }[] | null } };
  return (body.data.signals ?? []).filter((row) => row.speed !== null && row.speed > threshold).length;
}

test("a speed webhook: tried on history, delivered to the inbox, stopped when disabled, deleted", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Speed ${randomUUID().slice(0, 8)}`;

  await page.goto("/webhooks/new");
  const form = page.getByTestId("webhook-create-form");
  await expect(form).toBeVisible();
  await expect(form.getByTestId("webhook-verification-token")).not.toHaveText("…");
  await expect(form.getByLabel("Target URL")).toHaveValue(/\/api\/inbox\//);

  await form.getByLabel("Name", { exact: true }).fill(name);
  // A location's geofence helper: a typed centre moves the circle on its map and is written as the condition. It
  // starts on the vehicles' metro once their latest location is known; held back here until a field has the focus,
  // after which the metro must not rewrite the fields.
  let releaseMetro!: () => void;
  const metroHeld = new Promise<void>((resolve) => (releaseMetro = resolve));
  await page.route("**/api/vehicles/*/telemetry/latest", async (route) => {
    await metroHeld;
    await route.continue();
  });
  await form.getByLabel("Metric").selectOption("signals:vss.currentLocationCoordinates");
  const geofence = form.getByTestId("geofence-helper");
  const latitude = geofence.getByLabel("Latitude");
  await expect(latitude).toHaveValue("52.52");
  await latitude.focus();
  releaseMetro();
  await expect(geofence).toHaveAttribute("data-metro", "known");
  await expect(latitude).toHaveValue("52.52");
  await latitude.fill("48.1");
  await geofence.getByLabel("Longitude").fill("11.5");
  await geofence.getByLabel("Radius (km)").fill("2");
  await expect(geofence.getByTestId("geofence-map")).toHaveAttribute("data-centre", "48.1,11.5");
  await geofence.getByRole("button", { name: "Use this circle" }).click();
  await expect(form.getByLabel("Condition (CEL)")).toHaveValue(
    "geoDistance(value.latitude, value.longitude, 48.1, 11.5) <= 2.0",
  );

  await form.getByLabel("Metric").selectOption("signals:vss.speed");
  // A condition that does not compile is refused by the server's check as it is typed.
  await form.getByLabel("Condition (CEL)").fill("valueNumber >");
  await expect(page.getByTestId("webhook-condition-error")).toContainText("invalid CEL condition");

  // Tried on history: the count is the sandbox's own, summed over the vehicles the trial names.
  await form.getByLabel("Condition (CEL)").fill(`valueNumber > ${TRIAL_THRESHOLD}`);
  await expect(page.getByTestId("webhook-condition-ok")).toBeVisible();
  await form.getByLabel(/^Cooldown/).fill("0");
  await form.getByRole("button", { name: /Try it on the last 7 days/ }).click();
  const summary = page.getByTestId("trial-summary");
  await expect(summary).toBeVisible({ timeout: 60_000 });
  const fired = Number(await summary.getAttribute("data-fired"));
  const from = (await summary.getAttribute("data-from")) ?? "";
  const to = (await summary.getAttribute("data-to")) ?? "";
  const tried = await page
    .getByTestId("trial-vehicle")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-token-id"))));
  expect(tried.length).toBeGreaterThan(0);
  const expected = (await Promise.all(tried.map((tokenId) => samplesAbove(tokenId, from, to, TRIAL_THRESHOLD)))).reduce(
    (sum, n) => sum + n,
    0,
  );
  expect(expected).toBeGreaterThan(0);
  expect(fired).toBe(expected);

  await form.getByLabel("Condition (CEL)").fill(CONDITION);
  await expect(page.getByTestId("webhook-condition-ok")).toBeVisible();
  await form.getByLabel(/^Cooldown/).fill("30");
  await form.getByRole("button", { name: "Create webhook" }).click();

  await expect(page).toHaveURL(/\/webhooks$/);
  const row = rowOf(page, name);
  await expect(row).toHaveAttribute("data-status", "enabled");
  await expect(row.getByTestId("webhook-cooldown")).toHaveText("30 s");
  const webhookId = await row.getAttribute("data-id");
  expect(webhookId).toBeTruthy();
  const id = webhookId ?? "";

  // Edited: the name and cooldown change (to 0, which DIMO's own SDK cannot send), the metric cannot.
  await row.getByRole("link", { name: "Edit", exact: true }).click();
  const edit = page.getByTestId("webhook-edit-form");
  await expect(edit.getByLabel("Metric")).toBeDisabled();
  await edit.getByLabel(/^Cooldown/).fill("0");
  await edit.getByLabel("Name", { exact: true }).fill(`${name} edited`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  const editedName = `${name} edited`;
  const edited = rowOf(page, editedName);
  await expect(edited).toHaveAttribute("data-id", id);
  await expect(edited.getByTestId("webhook-cooldown")).toHaveText("0 s");

  await edited.getByRole("button", { name: "Vehicles", exact: true }).click();
  await edited.getByRole("checkbox", { name: `Vehicle ${VEHICLE}`, exact: true }).check();
  await edited.getByRole("button", { name: /Subscribe 1 chosen/ }).click();
  await expect(edited.getByTestId("webhook-vehicle-count")).toHaveText("1");

  // The vehicle's Overview lists the webhook that watches it.
  await page.goto(`/vehicles/${VEHICLE}`);
  await expect(page.getByTestId("vehicle-webhooks")).toContainText(editedName);

  // With the inbox open, the injected sample's delivery shows by itself: the open inbox reads again every second.
  await openInbox(page);
  expect(await outcomeFor(id, 123.4)).toBe("delivered");
  await expect(deliveriesOf(page, editedName)).toHaveCount(1);
  await expect(deliveriesOf(page, editedName)).toContainText("dimo.trigger");
  await expect(deliveriesOf(page, editedName)).toContainText("123.4");

  await page.goto("/webhooks");
  await rowOf(page, editedName).getByRole("button", { name: "Disable", exact: true }).click();
  await expect(rowOf(page, editedName)).toHaveAttribute("data-status", "disabled");
  expect(await outcomeFor(id, 123.5)).toBe("notAttempted");
  await openInbox(page);
  await expect(deliveriesOf(page, editedName)).toHaveCount(1);
  await expect(page.getByTestId("inbox-delivery").filter({ hasText: "123.5" })).toHaveCount(0);

  // Tested from the server: the inbox answers the sample with 200.
  await page.goto("/webhooks");
  await rowOf(page, editedName).getByRole("button", { name: "Send a test event from the server" }).click();
  await expect(rowOf(page, editedName).getByTestId("target-test-result")).toHaveAttribute("data-status", "200");

  await rowOf(page, editedName).getByRole("button", { name: "Delete", exact: true }).click();
  await rowOf(page, editedName).getByRole("button", { name: "Confirm delete" }).click();
  await expect(rowOf(page, editedName)).toHaveCount(0);
});
