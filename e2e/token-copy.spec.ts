import { createHash } from "node:crypto";
import { expect, signedInAs, test, WALLETS } from "./fixtures/test";

/**
 * Raw tokens: the license owner can copy them, each copy shows up in the activity log (who, which, when), and the
 * Developer JWT card says plainly what a copy means; an admin gets no copy button.
 */

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("the owner copies the Developer JWT; the copy is recorded with who and which, never the token", async ({
  page,
}) => {
  // Using the dashboard caches a Developer JWT, which the inspector then offers to copy.
  await page.goto("/vehicles/21957/trips");
  await expect(page.getByTestId("trip-row").first()).toBeVisible();
  await page.goto("/developer/tokens");
  await expect(page.getByTestId("developer-token-warning")).toContainText("stays valid for 14 days");
  await expect(page.getByTestId("developer-token-warning")).toContainText("does not revoke");
  await page.getByTestId("copy-developer-token").click();
  await expect(page.getByTestId("copy-developer-token-status")).toHaveAttribute("data-state", "copied");
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toMatch(/^eyJ/);

  await page.goto("/developer/activity");
  // The record names this very token by its fingerprint (other tests may copy other tokens meanwhile).
  const fingerprint = createHash("sha256").update(token).digest("hex").slice(0, 16);
  const record = page.getByText(
    `Developer JWT (sha256 ${fingerprint}…) copied by ${WALLETS.owner.address.toLowerCase()}`,
  );
  await expect(record).toBeVisible();
  expect(await page.content()).not.toContain(token);
});

test("an admin sees no copy button and why", async ({ browser }) => {
  const { page, context } = await signedInAs(browser, WALLETS.admin);
  // Using the dashboard caches a Developer JWT (and this vehicle's token) as it would for anyone.
  await page.goto("/vehicles/21957/trips");
  await expect(page.getByTestId("trip-row").first()).toBeVisible();
  await page.goto("/developer/tokens");
  await expect(page.getByTestId("developer-token")).toHaveAttribute("data-state", "valid");
  await expect(page.getByTestId("copy-developer-token-owner-only")).toContainText("license owner only");
  await expect(page.getByTestId("copy-developer-token")).toHaveCount(0);
  await context.close();
});
