import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Locator, type Page } from "@playwright/test";
import { expect, signedInAs, test } from "./fixtures/test";
import { WALLETS } from "./fixtures/wallets";

/**
 * The record of changes end to end: an admin signs in in a browser of its own and keeps a share link, the owner
 * creates a webhook; the record lists each with who made it and how they signed in, filters by person and kind in
 * its URL, and its CSV downloads the rows the page shows. The admin's sign-in and sign-out are recorded too.
 */

const OWNER = WALLETS.owner.address.toLowerCase();
const ADMIN = WALLETS.admin.address.toLowerCase();

/** The cells of an RFC 4180 CSV, row by row (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += char;
    }
  }
  return rows;
}

async function keepShareLink(page: Page, name: string): Promise<void> {
  await page.goto("/share");
  const form = page.getByTestId("share-link-form");
  await form.getByTestId("share-link-name").fill(name);
  await form.getByTestId("share-access-privileges").check();
  await form.getByTestId("share-permission-1").check();
  const select = page.getByTestId("share-link-redirect");
  const registered = await select.locator('option[data-registered="yes"]').first().getAttribute("value");
  await select.selectOption(registered ?? "");
  await page.getByTestId("share-link-save").click();
  await expect(page.getByTestId("share-link-outcome")).toHaveText(`Kept as ${name}.`);
}

async function createWebhook(page: Page, name: string): Promise<string> {
  await page.goto("/webhooks/new");
  const form = page.getByTestId("webhook-create-form");
  await expect(form.getByTestId("webhook-verification-token")).not.toHaveText("…");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Metric").selectOption("signals:vss.speed");
  await form.getByLabel("Condition (CEL)").fill("valueNumber > 250");
  await expect(page.getByTestId("webhook-condition-ok")).toBeVisible();
  await form.getByRole("button", { name: "Create webhook" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  const row = page.getByTestId("webhook-row").filter({ hasText: name });
  const id = await row.getAttribute("data-id");
  if (!id) throw new Error("the new webhook has no id");
  return id;
}

const rows = (page: Page): Locator => page.getByTestId("record-row");

/** The rows the table shows, as the CSV writes them: person, kind, target, detail. */
const shownRows = (page: Page) =>
  rows(page).evaluateAll((found) =>
    found.map((row) => [
      row.getAttribute("data-actor") ?? "",
      row.getAttribute("data-kind") ?? "",
      row.getAttribute("data-target") ?? "",
      row.querySelector('[data-testid="record-detail"]')?.textContent ?? "",
    ]),
  );

test("the record lists changes made through the page with who, filters them, and exports the same rows", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const linkName = `Audit ${randomUUID().slice(0, 8)}`;
  const webhookName = `Audit ${randomUUID().slice(0, 8)}`;

  const admin = await signedInAs(browser, WALLETS.admin);
  await keepShareLink(admin.page, linkName);
  await admin.page.getByRole("button", { name: "Sign out" }).click();
  await expect(admin.page).toHaveURL(/\/login/);
  await admin.context.close();

  const webhookId = await createWebhook(page, webhookName);

  // Everyone's changes, newest first: the webhook (owner), then the admin's sign-out, share link and sign-in.
  await page.goto("/audit");
  const webhookRow = rows(page)
    .filter({ has: page.locator(`[data-target="${webhookId}"]`) })
    .or(page.locator(`[data-testid="record-row"][data-target="${webhookId}"]`));
  await expect(webhookRow).toHaveCount(1);
  await expect(webhookRow).toHaveAttribute("data-kind", "webhook.create");
  await expect(webhookRow).toHaveAttribute("data-actor", OWNER);
  await expect(webhookRow).toContainText(`Created the webhook "${webhookName}"`);
  await expect(webhookRow).toContainText("License owner");

  const linkRow = rows(page).filter({ hasText: linkName });
  await expect(linkRow).toHaveCount(1);
  await expect(linkRow).toHaveAttribute("data-kind", "share-link.keep");
  await expect(linkRow).toHaveAttribute("data-actor", ADMIN);
  await expect(linkRow).toContainText("Admin");
  await expect(linkRow).toContainText("Wallet");

  // The admin's own trail, by person: newest first, its sign-out after its share link after its sign-in.
  await page.getByTestId("record-filter-person").selectOption(ADMIN);
  await expect(page).toHaveURL(new RegExp(`person=${ADMIN}`));
  await expect(rows(page).first()).toHaveAttribute("data-actor", ADMIN);
  const adminKinds = await rows(page).evaluateAll((found) => found.map((row) => row.getAttribute("data-kind")));
  expect(new Set((await shownRows(page)).map(([actor]) => actor))).toEqual(new Set([ADMIN]));
  expect(adminKinds.slice(0, 3)).toEqual(["session.sign-out", "share-link.keep", "session.sign-in"]);

  // By kind: only kept share links, the admin's among them; the filters stay in the URL.
  await page.getByTestId("record-filter-person").selectOption("");
  await expect(page).not.toHaveURL(/person=/);
  await page.getByTestId("record-filter-kind").selectOption("share-link.keep");
  await expect(page).toHaveURL(/kind=share-link\.keep/);
  await expect(rows(page).filter({ hasText: linkName })).toHaveCount(1);
  await expect(page.locator('[data-testid="record-row"]:not([data-kind="share-link.keep"])')).toHaveCount(0);
  const shown = await shownRows(page);

  // The CSV: the same filter, the same rows in the same order, with a header.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("record-export").click()]);
  expect(download.suggestedFilename()).toBe("record-of-changes.csv");
  const csv = parseCsv(await readFile((await download.path()) ?? "", "utf8"));
  expect(csv[0]).toEqual(["Time (UTC)", "Person", "Signed in with", "Role", "Kind", "Change", "Target", "Detail"]);
  const exported = csv.slice(1).map((cells) => [cells[1], cells[4], cells[6], cells[7]]);
  expect(exported.slice(0, shown.length)).toEqual(shown);
  expect(csv.slice(1).find((cells) => cells[7]?.includes(linkName))).toEqual([
    expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    ADMIN,
    "Wallet",
    "admin",
    "share-link.keep",
    "Share link kept",
    "",
    `Kept the share link "${linkName}"`,
  ]);
});
