import { type Page } from "@playwright/test";
import { DEMO_GRANTED_VEHICLE_IDS, VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { expect, test } from "./fixtures/test";

/** The vehicle list and a vehicle's frame (header, tabs, not-found), against the browser tests' sandbox. */

const rowIds = (page: Page) =>
  page.getByTestId("vehicle-row").evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-token-id"))));

test.describe("vehicle list", () => {
  test("shows exactly the vehicles granted to the license, with their privileges by name", async ({ page }) => {
    await page.goto("/vehicles");
    await expect(page.getByTestId("vehicle-row").first()).toBeVisible();
    expect(await rowIds(page)).toEqual([...DEMO_GRANTED_VEHICLE_IDS]);
    for (const hidden of [VEHICLE_IDS.expiredGrant, VEHICLE_IDS.notGranted, VEHICLE_IDS.grantedToOtherLicense]) {
      expect(await rowIds(page)).not.toContain(hidden);
    }
    await expect(page.getByTestId("vehicle-count")).toHaveText(`${DEMO_GRANTED_VEHICLE_IDS.length} vehicles`);

    const tesla = page.locator(`[data-testid=vehicle-row][data-token-id="${VEHICLE_IDS.manyTrips}"]`);
    await expect(tesla.getByRole("link", { name: "2022 Tesla Model 3" })).toBeVisible();
    await expect(tesla.getByRole("button", { name: `Copy token id ${VEHICLE_IDS.manyTrips}` })).toBeVisible();
    await expect(tesla.getByRole("button", { name: "Copy owner address" })).toBeVisible();
    await expect(tesla.getByTestId("privilege-badges").locator("[data-privilege]")).toHaveCount(6);

    const bmw = page.locator(`[data-testid=vehicle-row][data-token-id="${VEHICLE_IDS.noTripsPrivilege}"]`);
    const badges = bmw.getByTestId("privilege-badges");
    await expect(badges).toContainText("Non-location history");
    await expect(badges).toContainText("VIN credential");
    await expect(badges).not.toContainText("Location history");
  });

  test("the search narrows the list by make, model, year or token id, and lives in the URL", async ({ page }) => {
    await page.goto("/vehicles");
    const search = page.getByTestId("vehicle-search");
    await search.fill("tesla");
    await expect.poll(() => rowIds(page)).toEqual([VEHICLE_IDS.manyTrips]);
    await expect(page).toHaveURL(/\/vehicles\?q=tesla$/);

    await search.fill("2021");
    await expect.poll(() => rowIds(page)).toEqual([17001, 14011, 11873]);

    await search.fill("18234");
    await expect.poll(() => rowIds(page)).toEqual([VEHICLE_IDS.exactly100]);

    await search.fill("f-150");
    await expect.poll(() => rowIds(page)).toEqual([VEHICLE_IDS.perf]);

    // A shared link opens with the same search.
    await page.reload();
    await expect(page.getByTestId("vehicle-search")).toHaveValue("f-150");
    await expect.poll(() => rowIds(page)).toEqual([VEHICLE_IDS.perf]);

    await page.getByTestId("vehicle-search").fill("porsche");
    await expect(page.getByText("No vehicle matches “porsche”")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filters", exact: true }).click();
    await expect.poll(() => rowIds(page)).toEqual([...DEMO_GRANTED_VEHICLE_IDS]);
    await expect(page).toHaveURL(/\/vehicles$/);
  });
});

test.describe("vehicle list filters", () => {
  test("narrow the list to grants holding privileges, or ending within 30 days, and live in the URL", async ({
    page,
  }) => {
    await page.goto("/vehicles");
    await expect(page.getByTestId("vehicle-row").first()).toBeVisible();
    const rows = await page.getByTestId("vehicle-row").evaluateAll((all) =>
      all.map((row) => ({
        tokenId: Number(row.getAttribute("data-token-id")),
        privileges: [...row.querySelectorAll("[data-privilege]")].map((b) => b.getAttribute("data-privilege")),
        endsSoon: row.querySelector('[data-testid="grant-ends-soon"]') !== null,
      })),
    );
    const holding = (...ids: string[]) =>
      rows.filter((row) => ids.every((id) => row.privileges.includes(id))).map((row) => row.tokenId);
    expect(holding("4")).not.toContain(VEHICLE_IDS.noTripsPrivilege);
    expect(holding("4").length).toBeLessThan(rows.length);

    await page.getByTestId("vehicle-filter-privilege-4").check();
    await expect.poll(() => rowIds(page)).toEqual(holding("4"));
    await expect(page).toHaveURL(/[?&]privilege=4(&|$)/);
    await page.getByTestId("vehicle-filter-privilege-5").check();
    await expect.poll(() => rowIds(page)).toEqual(holding("4", "5"));

    // A shared or reloaded URL opens with the same filters.
    await page.reload();
    await expect(page.getByTestId("vehicle-filter-privilege-4")).toBeChecked();
    await expect(page.getByTestId("vehicle-filter-privilege-5")).toBeChecked();
    await expect.poll(() => rowIds(page)).toEqual(holding("4", "5"));

    await page.goto("/vehicles?grant=ending");
    await expect(page.getByTestId("vehicle-filter-grant")).toHaveValue("ending");
    await expect(page.getByTestId("vehicle-filters")).toBeVisible();
    await expect.poll(() => rowIds(page)).toEqual(rows.filter((row) => row.endsSoon).map((row) => row.tokenId));
  });
});

test.describe("one vehicle", () => {
  test("opens on its Overview, with the header and the Overview, Trips, All trips and Value tabs", async ({ page }) => {
    await page.goto(`/vehicles/${VEHICLE_IDS.manyTrips}`);
    await expect(page).toHaveURL(new RegExp(`/vehicles/${VEHICLE_IDS.manyTrips}$`));
    await expect(page.getByTestId("telemetry-overview")).toBeVisible();
    const header = page.getByTestId("vehicle-header");
    await expect(header.getByRole("heading", { level: 1 })).toHaveText("2022 Tesla Model 3");
    await expect(header.getByTestId("vehicle-token-id")).toContainText(String(VEHICLE_IDS.manyTrips));
    await expect(header.getByTestId("vehicle-owner")).toHaveText(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/i);
    await expect(header.getByTestId("privilege-badges").locator("[data-privilege]")).toHaveCount(6);
    const tabs = page.getByRole("navigation", { name: "Vehicle sections" });
    await expect(tabs.getByRole("link")).toHaveText([
      "Overview",
      "Trips",
      "All trips",
      "Value",
      "Attestations",
      "Raw data",
    ]);
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Trips", exact: true })).not.toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Trips", exact: true })).toHaveAttribute(
      "href",
      `/vehicles/${VEHICLE_IDS.manyTrips}/trips`,
    );
    await expect(tabs.getByRole("link", { name: "Value" })).toHaveAttribute(
      "href",
      `/vehicles/${VEHICLE_IDS.manyTrips}/value`,
    );
    await tabs.getByRole("link", { name: "Trips", exact: true }).click();
    await expect(tabs.getByRole("link", { name: "Trips", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", "page");
  });

  test("a vehicle opened from the list", async ({ page }) => {
    await page.goto("/vehicles");
    await page.getByRole("link", { name: "2019 Toyota Camry" }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${VEHICLE_IDS.exactly100}$`));
    await expect(page.getByTestId("vehicle-header").getByRole("heading", { level: 1 })).toHaveText("2019 Toyota Camry");
  });

  for (const [what, id] of [
    ["an unknown token id", "99999999"],
    ["a vehicle not granted to the license", String(VEHICLE_IDS.notGranted)],
    ["a vehicle granted to another license", String(VEHICLE_IDS.grantedToOtherLicense)],
    // DIMO's identity API names no grant once it has ended: the vehicle reads as never shared.
    ["a vehicle whose grant ended", String(VEHICLE_IDS.expiredGrant)],
    ["a token id past 32 bits", "2147483648"],
    ["a token id that is not a number", "abc"],
    ["a token id that is not whole", "1.5"],
    ["a token id past the safe integers", "99999999999999999999"],
  ] as const) {
    test(`${what} shows the not-found page`, async ({ page }) => {
      const response = await page.goto(`/vehicles/${id}/trips`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("not-found")).toBeVisible();
      await expect(page.getByTestId("vehicle-header")).toHaveCount(0);
      await expect(page.getByTestId("grant-expired")).toHaveCount(0);
    });
  }
});
