import { randomUUID } from "node:crypto";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { sandboxApi } from "./fixtures/sandbox-api";

/**
 * The webhooks section end to end: a speed webhook aimed at the dashboard's own inbox, one subscribed vehicle, a
 * sample injected through the sandbox's control surface, the delivery in the inbox; disabled, nothing more; deleted.
 * The sandbox answers an injection once the deliveries it caused have finished, so no step waits on a clock.
 */

const VEHICLE = 21957;
/** A band no live sample of the driving vehicle falls in by chance, so only the injected samples match. */
const CONDITION = "valueNumber > 123.3 && valueNumber < 123.6";
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

test("a speed webhook delivers to the inbox, stops when disabled, and is deleted", async ({ page }) => {
  const name = `Speed ${randomUUID().slice(0, 8)}`;

  await page.goto("/webhooks/new");
  const form = page.getByTestId("webhook-create-form");
  await expect(form).toBeVisible();
  await expect(form.getByTestId("webhook-verification-token")).not.toHaveText("…");
  await expect(form.getByLabel("Target URL")).toHaveValue(/\/api\/inbox\//);

  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Metric").selectOption("signals:vss.speed");
  // A condition that does not compile is refused by the server's check as it is typed.
  await form.getByLabel("Condition (CEL)").fill("valueNumber >");
  await expect(page.getByTestId("webhook-condition-error")).toContainText("invalid CEL condition");
  await form.getByLabel("Condition (CEL)").fill(CONDITION);
  await expect(page.getByTestId("webhook-condition-ok")).toBeVisible();
  await form.getByLabel(/^Cooldown/).fill("0");
  await form.getByRole("button", { name: "Create webhook" }).click();

  await expect(page).toHaveURL(/\/webhooks$/, { timeout: 20_000 });
  const row = rowOf(page, name);
  await expect(row).toHaveAttribute("data-status", "enabled");
  await expect(row).toContainText("0 s");
  const webhookId = await row.getAttribute("data-id");
  expect(webhookId).toBeTruthy();
  const id = webhookId ?? "";

  await row.getByRole("button", { name: "Vehicles", exact: true }).click();
  await row.getByRole("checkbox", { name: `Vehicle ${VEHICLE}`, exact: true }).check();
  await row.getByRole("button", { name: /Subscribe 1 chosen/ }).click();
  await expect(row.getByTestId("webhook-vehicle-count")).toHaveText("1");

  expect(await outcomeFor(id, 123.4)).toBe("delivered");
  await openInbox(page);
  await expect(deliveriesOf(page, name)).toHaveCount(1, { timeout: 5_000 });
  await expect(deliveriesOf(page, name)).toContainText("dimo.trigger");
  await expect(deliveriesOf(page, name)).toContainText("123.4");

  await page.goto("/webhooks");
  await rowOf(page, name).getByRole("button", { name: "Disable", exact: true }).click();
  await expect(rowOf(page, name)).toHaveAttribute("data-status", "disabled");
  expect(await outcomeFor(id, 123.5)).toBe("notAttempted");
  await openInbox(page);
  await expect(deliveriesOf(page, name)).toHaveCount(1);
  await expect(page.getByTestId("inbox-delivery").filter({ hasText: "123.5" })).toHaveCount(0);

  await page.goto("/webhooks");
  await rowOf(page, name).getByRole("button", { name: "Delete", exact: true }).click();
  await rowOf(page, name).getByRole("button", { name: "Confirm delete" }).click();
  await expect(rowOf(page, name)).toHaveCount(0);
});
