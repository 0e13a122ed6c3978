import { randomUUID } from "node:crypto";
import { type Page } from "@playwright/test";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { missingFeatureWords } from "@/lib/share-links/permissions";
import { modulesOf, readQr } from "@/test-support/qr-read";
import { sandboxApi } from "./fixtures/sandbox-api";
import { E2E_BASE_URL, E2E_SANDBOX_URL } from "./fixtures/servers";
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
    const linkText = await shown.innerText();
    const url = new URL(linkText);
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
    // Read back as a phone would, the code is the link shown.
    const viewBox = (await qr.getAttribute("viewBox")) ?? "";
    const drawn = { size: Number(viewBox.split(" ")[2]), path: (await qr.locator("path").getAttribute("d")) ?? "" };
    expect(readQr(modulesOf(drawn))).toBe(linkText);

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

/** The sandbox's stranger account owns three BEVs (7301 to 7303), a hybrid and a petrol car, shared with no license. */
const BEVS = [7301, 7302, 7303];
const SHARED = { tesla: 7301, ford: 7302 };
/** A vehicle the demo license holds a live grant on. */
const LIVE = 21957;

/** The vehicle list's CSV export, every vehicle: a row each, the link that brought it last. */
async function exportedVehicles(page: Page): Promise<string> {
  const response = await page.request.get("/api/vehicles/export");
  expect(response.ok()).toBe(true);
  return response.text();
}

/**
 * The DIMO calls the dashboard logged for the vehicles: all of them (upstream requests and answers from its cache, of
 * which the log keeps the last 500) and those that sent a request.
 */
async function callsFor(page: Page, tokenIds: ReadonlySet<number>): Promise<{ logged: number; requests: number }> {
  const response = await page.request.get("/api/developer/activity?format=json");
  const { entries } = (await response.json()) as { entries: { tokenId?: number; attempts: number }[] };
  const mine = entries.filter((entry) => entry.tokenId !== undefined && tokenIds.has(entry.tokenId));
  return { logged: mine.length, requests: mine.filter((entry) => entry.attempts > 0).length };
}

test.describe("Get vehicles: the landing page records nothing on its own", () => {
  test("a forged revoke of a live vehicle shows DIMO still lists it, and the vehicle stays listed", async ({
    page,
  }) => {
    await page.goto(`/share/arrived?revokedVehicles=${LIVE}`);
    expect(await exportedVehicles(page)).toMatch(new RegExp(`^${LIVE},`, "m"));
    await expect(page.getByTestId("share-landing-still-listed")).toContainText(`(${LIVE})`);
    await expect(page.getByTestId("share-landing-revoked")).toHaveCount(0);
    await expect(page.getByTestId("share-landing-record")).toHaveCount(0);
    await page.goto(`/vehicles?q=${LIVE}`);
    await expect(page.locator(`[data-testid="vehicle-row"][data-token-id="${LIVE}"]`)).toBeVisible();
    await expect(page.locator(`[data-testid="ended-grant-row"][data-token-id="${LIVE}"]`)).toHaveCount(0);
  });

  test("a link name no kept link has is recorded neither by the page nor by its confirm", async ({ page }) => {
    const forged = `Forged ${randomUUID().slice(0, 8)}`;
    await page.goto(`/share/arrived?sharedVehicles=${LIVE}&utm=${encodeURIComponent(forged)}`);
    await expect(page.getByTestId("share-landing")).toContainText(`Through the link ${forged} (not one kept`);
    expect(await exportedVehicles(page)).not.toContain(forged);
    await page.getByTestId("share-landing-record").click();
    await expect(page.getByTestId("share-landing-recorded")).toHaveText(
      "Recorded on the vehicle list: 1 vehicle shared.",
    );
    expect(await exportedVehicles(page)).not.toContain(forged);
  });

  test("1,000 vehicle ids are checked one page at a time: at most 100 calls to DIMO", async ({ page }) => {
    // Ids no test has asked about, so no kept answer hides a request.
    const first = 1_500_000_000 + Math.floor(Math.random() * 500_000_000);
    const ids = Array.from({ length: 1_000 }, (_, index) => first + index);
    await page.goto(`/share/arrived?sharedVehicles=${ids.join(",")}`);
    const calls = await callsFor(page, new Set(ids));
    expect(calls.logged).toBeLessThanOrEqual(100);
    expect(calls.requests).toBeGreaterThan(0);
    await expect(page.getByTestId("share-landing-left-out")).toContainText("the 900 after them were left out");
  });
});

/** Opens the share link as its owner, signed in to DIMO's login (the sandbox's) as the stranger account. */
async function openAsOwner(page: Page, url: string) {
  await page.goto(url);
  await page.locator('button[data-account="stranger"]').click();
  await expect(page.locator('form[data-form="share"], [data-empty="offered"]').first()).toBeVisible();
}

async function privilegesOf(row: ReturnType<Page["getByTestId"]>): Promise<string[]> {
  return row
    .locator("[data-privilege]")
    .evaluateAll((badges) => badges.map((b) => b.getAttribute("data-privilege") ?? ""));
}

test.describe("Get vehicles: from a link to the vehicle list", () => {
  // The shares and the revocation below change the sandbox's grants: the seeded ones are back for the specs after.
  test.afterAll(async () => {
    await sandboxApi().control.reset();
  });

  test("owners share two BEVs through a link, the list names the link, and says so when one is revoked", async ({
    page,
  }) => {
    // Build the link: non-location telemetry and location history, BEVs only, back to the dashboard's landing page.
    await page.goto("/share");
    const form = page.getByTestId("share-link-form");
    const name = `BEVs ${randomUUID().slice(0, 8)}`;
    await form.getByTestId("share-link-name").fill(name);
    await askFor(page, [1, 4]);
    await form.getByTestId("share-powertrain-BEV").check();
    expect(await chooseRegisteredRedirect(page)).toBe(`${E2E_BASE_URL}/share/landing`);
    await expect(page.getByTestId("share-link-url")).toContainText("powertrainTypes=BEV");
    const url = await page.getByTestId("share-link-url").innerText();
    await page.getByTestId("share-link-save").click();
    await expect(page.getByTestId("share-link-outcome")).toHaveText(`Kept as ${name}.`);

    // The owner sees only their BEVs to tick, and shares two of the three.
    await openAsOwner(page, url);
    const offered = page.locator("input[data-vehicle]");
    await expect(offered).toHaveCount(BEVS.length);
    const offeredIds = await offered.evaluateAll((boxes) =>
      boxes.map((box) => Number(box.getAttribute("data-vehicle"))),
    );
    expect(offeredIds.sort()).toEqual(BEVS);
    await page.locator(`input[data-vehicle="${SHARED.tesla}"]`).check();
    await page.locator(`input[data-vehicle="${SHARED.ford}"]`).check();
    await page.locator('button[data-action="share"]').click();

    // Back on the dashboard: the landing page names the two, and the owner's token is not in the address.
    await expect(page).toHaveURL(/\/share\/arrived\?/);
    expect(new URL(page.url()).searchParams.has("token")).toBe(false);
    await expect(page.getByTestId("share-landing-count")).toHaveText("2 vehicles were just shared");
    const landed = page.getByTestId("share-landing-vehicles");
    await expect(landed).toContainText("2023 Tesla Model Y");
    await expect(landed).toContainText("2022 Ford Mustang Mach-E");
    await expect(page.getByTestId("share-landing")).toContainText(`Through the link ${name}.`);
    // Showing it recorded nothing: the export names no vehicle as brought by the link.
    expect(await exportedVehicles(page)).not.toContain(name);

    // The same address with more than DIMO's login wrote: a vehicle the owner did not share, and a forged revoke of
    // a live one. The confirm records exactly the two DIMO lists.
    const arrived = new URL(page.url());
    arrived.searchParams.set("sharedVehicles", [...BEVS].join(","));
    arrived.searchParams.set("revokedVehicles", String(LIVE));
    await page.goto(`${arrived.pathname}${arrived.search}`);
    await expect(page.getByTestId("share-landing-count")).toHaveText("2 vehicles were just shared");
    await expect(page.getByTestId("share-landing-not-listed")).toContainText("vehicle 7303");
    await expect(page.getByTestId("share-landing-still-listed")).toContainText(`(${LIVE})`);
    await page.getByTestId("share-landing-record").click();
    await expect(page.getByTestId("share-landing-recorded")).toHaveText(
      `Recorded on the vehicle list: 2 vehicles shared through the link ${name}.`,
    );
    const exported = await exportedVehicles(page);
    expect(exported.match(new RegExp(`,${name}\\r?$`, "gm"))).toHaveLength(2);
    expect(exported).toMatch(new RegExp(`^${LIVE},`, "m"));

    // The vehicle list: both, with exactly those privileges, the link's name, and no expiry warning (a year away).
    await page.getByTestId("share-landing-vehicle-list").click();
    for (const tokenId of Object.values(SHARED)) {
      const row = page.locator(`[data-testid="vehicle-row"][data-token-id="${tokenId}"]`);
      await expect(row).toBeVisible();
      expect(await privilegesOf(row)).toEqual(["1", "4"]);
      await expect(row.getByTestId("vehicle-shared-via")).toHaveText(`via ${name}`);
      await expect(row.getByTestId("vehicle-shared-recently")).toBeVisible();
      await expect(row.getByTestId("grant-ends-soon")).toHaveCount(0);
    }
    await expect(page.locator('[data-testid="vehicle-row"][data-token-id="7303"]')).toHaveCount(0);

    // From the kept link's row, its two vehicles: the list searched by the link's name.
    await page.goto("/share");
    const brought = page.getByTestId("share-link-row").filter({ hasText: name }).getByTestId("share-link-brought");
    await brought.getByRole("link", { name: "2 vehicles" }).click();
    await expect(page.getByTestId("vehicle-count")).toHaveText(/^2 of \d+ vehicles$/);
    const listed = await page
      .getByTestId("vehicle-row")
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-token-id"))));
    expect(listed.sort()).toEqual(Object.values(SHARED).sort());

    // Their trips map draws, and the value page says what the grant leaves out.
    await page.goto(`/vehicles/${SHARED.tesla}/trips`);
    await expect(page.getByTestId("trip-list")).toBeVisible();
    await expect(page.getByTestId("trips-map")).toHaveAttribute("data-drawn-count", /^[1-9]\d*$/);
    await expect(page.getByTestId("missing-privilege")).toHaveCount(0);
    await page.goto(`/vehicles/${SHARED.ford}/value`);
    await expect(page.getByTestId("vehicle-value")).toBeVisible();
    const lacks = page.getByTestId("grant-lacks");
    await lacks.locator("summary").click();
    const missing = missingFeatureWords([1, 4]).map((sentence) => `${sentence}.`);
    expect(missing.some((sentence) => sentence.startsWith("Without VIN credential"))).toBe(true);
    await expect(lacks.locator("li")).toHaveText(missing);

    // The owner revokes the Tesla's grant; the landing page and then the list say so.
    await openAsOwner(page, url);
    await page.locator(`button[data-revoke="${SHARED.tesla}"]`).click();
    await expect(page.getByTestId("share-landing-revoked")).toContainText("2023 Tesla Model Y");
    await page.getByTestId("share-landing-record").click();
    await expect(page.getByTestId("share-landing-recorded")).toHaveText(
      "Recorded on the vehicle list: 1 revoked grant.",
    );
    await page.goto("/vehicles");
    await expect(page.locator(`[data-testid="vehicle-row"][data-token-id="${SHARED.ford}"]`)).toBeVisible();
    await expect(page.locator(`[data-testid="vehicle-row"][data-token-id="${SHARED.tesla}"]`)).toHaveCount(0);
    const ended = page.locator(`[data-testid="ended-grant-row"][data-token-id="${SHARED.tesla}"]`);
    await expect(ended).toHaveAttribute("data-ending", "revoked");
    await expect(ended.getByTestId("ended-grant-headline")).toContainText("Revoked by its owner");
    await expect(ended).toContainText(`the link ${name}`);

    // The grant filter, kept in the URL: only the ended grants.
    await page.getByTestId("vehicle-filter-grant").selectOption("ended");
    await expect(page).toHaveURL(/grant=ended/);
    await expect(page.getByTestId("vehicle-row")).toHaveCount(0);
    await expect(ended).toBeVisible();

    // The vehicle's pages say the same instead of failing or claiming it was never shared.
    await ended.getByRole("link", { name: "2023 Tesla Model Y" }).click();
    const endedPage = page.getByTestId("grant-ended");
    await expect(endedPage).toHaveAttribute("data-ending", "revoked");
    await expect(endedPage).toContainText("Only its owner can share it again");
    const trips = await page.goto(`/vehicles/${SHARED.tesla}/trips`);
    expect(trips?.status()).toBe(200);
    await expect(endedPage).toContainText("Revoked by its owner");
  });
});
