import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { TESLA, expectListPage, openTrips, renderedTripCount } from "./fixtures/trips";

/**
 * The maps' previews (components/map/map-gate.tsx): a page draws its map's content without MapLibre, and loads the
 * interactive map when the person points at it, touches it or presses its button; after that, every map of the tab
 * loads at once. These tests open the pages as a first visit does, without asking for the maps.
 */

/** Whether MapLibre ran in the page: a map on screen, or its worker fetched. */
const mapLibreRan = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector(".maplibregl-map") !== null ||
      performance.getEntriesByType("resource").some((entry) => entry.name.includes("maplibre-gl-worker")),
  );

test.describe("the maps' previews", () => {
  test("the trips page draws its trips and routes without MapLibre, and loads the map when it is pointed at", async ({
    page,
  }) => {
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const preview = page.getByTestId("trips-preview");
    await expect(preview).toHaveAttribute("data-drawn-count", "100");
    // The routes arrive after the list and replace the straight lines they stood for.
    await expect.poll(async () => Number(await preview.getAttribute("data-drawn-routes"))).toBeGreaterThan(0);
    await page.getByTestId("trip-row").nth(3).click();
    await expect(page.getByTestId("trips-preview-selected")).toHaveCount(1);
    expect(await mapLibreRan(page)).toBe(false);

    await page.getByTestId("map-preview").hover();
    const map = page.getByTestId("trips-map");
    await expect(map).toHaveAttribute("data-state", "ready");
    await expect(map).toHaveAttribute("data-drawn-count", "100");
    const selected = await page.getByTestId("trip-row").nth(3).getAttribute("data-trip-id");
    await expect(map).toHaveAttribute("data-selected-trip", selected ?? "");

    // Asked for once, the maps of the tab's next pages load without being pointed at.
    await page.getByRole("link", { name: "Overview" }).click();
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
  });

  test("the Overview's location map loads from its button, and focus alone does not load it", async ({ page }) => {
    await page.goto(`/vehicles/${TESLA}`);
    const button = page.getByTestId("map-preview-load");
    await button.focus();
    await expect(page.getByTestId("location-text")).toBeVisible();
    expect(await mapLibreRan(page)).toBe(false);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
  });

  test("the all-trips page draws where its trips start without MapLibre, following the time window, and its button loads the map", async ({
    page,
  }) => {
    await page.goto(`/vehicles/${TESLA}/trips/all`);
    const view = page.getByTestId("all-trips-view");
    await expect(view).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(page.getByTestId("all-trips-status")).toHaveText("2,500 trips on the map");
    // Every trip with a start point is counted into the preview's squares, and said in its text alternative.
    const preview = page.getByTestId("all-trips-preview");
    const points = (await view.getAttribute("data-points")) ?? "";
    expect(Number(points)).toBeGreaterThan(2400);
    await expect(preview).toHaveAttribute("data-drawn", points);
    expect(Number(await preview.getAttribute("data-cells"))).toBeGreaterThan(1);
    await expect(preview).toHaveAccessibleName(/^Where 2,\d{3} trips start, as a density/);
    // The note under it speaks of the preview and how to get the map, not of a view not drawn yet.
    await expect(page.getByText(/^A preview of where the window's trips start/)).toBeVisible();

    // A time window draws its trips only, as the count says.
    await page.getByTestId("time-window-30d").click();
    await expect(view).not.toHaveAttribute("data-shown", points);
    const shown = (await view.getAttribute("data-shown")) ?? "";
    expect(Number(shown)).toBeLessThan(Number(points));
    await expect(preview).toHaveAttribute("data-drawn", shown);
    expect(await mapLibreRan(page)).toBe(false);

    const button = page.getByTestId("map-preview-load");
    await button.focus();
    await page.keyboard.press("Enter");
    const map = page.getByTestId("all-trips-map");
    await expect(map).toHaveAttribute("data-state", "ready");
    await expect(page.getByText(/^Where trips start, grouped/)).toBeVisible();
    await expect(page.getByText(/^A preview of where/)).toHaveCount(0);
    // The map draws the same window's trips: the clusters' counts add up to the preview's.
    await expect.poll(() => renderedTripCount(page)).toBe(Number(shown));
  });
});
