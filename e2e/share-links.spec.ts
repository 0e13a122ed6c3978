import { randomUUID } from "node:crypto";
import { type Page } from "@playwright/test";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { E2E_SANDBOX_URL } from "./fixtures/servers";
import { expect, test } from "./fixtures/test";

/**
 * The Get vehicles page: a share link built from the form, checked in its URL's parameters, shown as a QR code,
 * previewed in words, refused in words when DIMO's login would refuse it, and kept with its name.
 */

const PRIVILEGES = [1, 2, 3, 4, 5, 6, 7, 8];

async function askFor(page: Page, privileges: number[]) {
  const form = page.getByTestId("share-link-form");
  await form.getByTestId("share-access-privileges").check();
  for (const id of PRIVILEGES) {
    const box = form.getByTestId(`share-permission-${id}`);
    if (privileges.includes(id)) await box.check();
    else await box.uncheck();
  }
}

/** A redirect URI the license has registered: the landing page when it is one, else the first registered. */
async function chooseRegisteredRedirect(page: Page): Promise<string> {
  const select = page.getByTestId("share-link-redirect");
  const registered = select.locator('option[data-registered="yes"]');
  const landing = registered.filter({ hasText: "landing page" });
  const value = await ((await landing.count()) > 0 ? landing : registered).first().getAttribute("value");
  if (!value) throw new Error("the license has no registered redirect URI");
  await select.selectOption(value);
  return value;
}

test.describe("Get vehicles: share links", () => {
  test("builds a link for two permissions and one make, as a URL, a QR code and a preview, and keeps it", async ({
    page,
  }) => {
    await page.goto("/share");
    const form = page.getByTestId("share-link-form");
    await expect(form).toBeVisible();

    const name = `Teslas ${randomUUID().slice(0, 8)}`;
    await form.getByTestId("share-link-name").fill(name);
    await askFor(page, [1, 4]);
    await form.getByTestId("share-link-makes").fill("Tesla");
    const redirectUri = await chooseRegisteredRedirect(page);
    const expiryDay = await form.getByTestId("share-link-expiry").inputValue();

    const shown = page.getByTestId("share-link-url");
    await expect(shown).toContainText("permissions=10010000");
    const url = new URL(await shown.innerText());
    expect(`${url.origin}${url.pathname}`).toBe(`${E2E_SANDBOX_URL}/login/`);
    const params = url.searchParams;
    expect(params.get("clientId")).toBe(DEMO_LICENSE.clientId);
    expect(params.get("redirectUri")).toBe(redirectUri);
    expect(params.get("entryState")).toBe("VEHICLE_MANAGER");
    expect(params.get("permissions")).toBe("10010000");
    expect(params.has("permissionTemplateId")).toBe(false);
    expect(params.getAll("vehicleMakes")).toEqual(["Tesla"]);
    expect(params.getAll("vehicles")).toEqual([]);
    expect(params.getAll("powertrainTypes")).toEqual([]);
    expect(params.get("expirationDate")).toBe(`${expiryDay}T23:59:59.000Z`);
    expect(params.get("utm")).toBe(name);

    const qr = page.getByTestId("share-link-qr");
    await expect(qr).toBeVisible();
    await expect(qr.locator("path")).toHaveAttribute("d", /^M\d+ \d+h1v1h-1z/);

    const preview = page.getByTestId("share-link-preview");
    await expect(preview).toContainText(`${DEMO_LICENSE.alias} asks to access your vehicles.`);
    await expect(preview).toContainText("See the vehicle's data other than its location, all time");
    await expect(preview).toContainText("See where the vehicle has been, all time");
    await expect(preview).not.toContainText("Send the vehicle commands");
    await expect(preview).toContainText("Makes: Tesla");
    await expect(preview.getByTestId("share-preview-expiry")).toContainText(`Until ${expiryDay}`);
    await expect(preview).not.toContainText("Without location history");
    await expect(preview).toContainText("Without VIN credential: no VIN");

    await page.getByTestId("share-link-save").click();
    await expect(page.getByTestId("share-link-outcome")).toHaveText(`Kept as ${name}.`);
    const row = page.getByTestId("share-link-row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Non-location history");
    await expect(row).toContainText("Location history");
    await expect(row).toContainText(expiryDay);
    await expect(row).toContainText("Makes: Tesla");
  });

  test("refuses in words, with no link and no QR code, a link that asks for nothing", async ({ page }) => {
    await page.goto("/share");
    await chooseRegisteredRedirect(page);
    await askFor(page, []);
    await expect(page.getByTestId("share-link-problems")).toContainText("Choose at least one permission");
    await expect(page.getByTestId("share-link-url")).toHaveCount(0);
    await expect(page.getByTestId("share-link-qr")).toHaveCount(0);
    await expect(page.getByTestId("share-link-save")).toBeDisabled();
  });

  test("the sidebar leads to the page", async ({ page }) => {
    await page.goto("/vehicles");
    await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: "Get vehicles" })
      .click();
    await expect(page.getByTestId("share-link-form")).toBeVisible();
  });
});
