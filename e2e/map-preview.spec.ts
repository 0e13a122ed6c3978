import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { TESLA, expectListPage, openTrips, renderedTripCount } from "./fixtures/trips";

/**
 * How the maps load (components/map/map-gate.tsx): each page paints its map's light preview first, in the map's own
 * box; the interactive map loads by itself once the box is near the viewport, is laid over the preview and takes its
 * place after its first frame, without moving anything. Someone who asked for less data keeps the preview and its
 * button. None of these tests clicks to get a map.
 */

/** Whether MapLibre ran in the page: a map on screen, or its worker fetched. */
const mapLibreRan = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector(".maplibregl-map") !== null ||
      performance.getEntriesByType("resource").some((entry) => entry.name.includes("maplibre-gl-worker")),
  );

/**
 * Records, from the page's first script on, when the map's preview first showed and every layout shift that moved the
 * element of `testId` (the map's box unless said), something in it or something holding it, so that a test can add up
 * that element's shifts from a moment on. (Other parts of a page may move on their own: not the map's doing.)
 */
async function watchShifts(page: Page, testId = "map-box"): Promise<void> {
  await page.addInitScript((testId) => {
    const record = { previewAt: -1, shifts: [] as Array<{ at: number; value: number }> };
    (window as unknown as { __mapShifts: typeof record }).__mapShifts = record;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
    const movesMap = (shift: Shift) => {
      const box = document.querySelector(`[data-testid="${testId}"]`);
      return (shift.sources ?? []).some(({ node }) => !!box && !!node && (box.contains(node) || node.contains(box)));
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        if (!entry.hadRecentInput && movesMap(entry)) record.shifts.push({ at: entry.startTime, value: entry.value });
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver(() => {
      if (record.previewAt < 0 && document.querySelector('[data-testid="map-preview"]'))
        record.previewAt = performance.now();
    }).observe(document, { subtree: true, childList: true });
  }, testId);
}

/** The watched element's layout shift since `since` (cumulative, as Lighthouse adds it within a load). */
const shiftSince = (page: Page, since: number): Promise<number> =>
  page.evaluate((since) => {
    const record = (window as unknown as { __mapShifts: { shifts: Array<{ at: number; value: number }> } }).__mapShifts;
    return record.shifts.filter((entry) => entry.at >= since).reduce((sum, entry) => sum + entry.value, 0);
  }, since);

/** The map's layout shift since the preview first showed. */
async function shiftSincePreview(page: Page): Promise<{ previewAt: number; shift: number }> {
  const previewAt = await page.evaluate(
    () => (window as unknown as { __mapShifts: { previewAt: number } }).__mapShifts.previewAt,
  );
  return { previewAt, shift: await shiftSince(page, previewAt) };
}

/**
 * The map's box, from the corner of `within` (the page, or the card holding it, which panels above may move): it must
 * not move or change size when the map replaces its preview.
 */
const boxOf = async (page: Page, within: "page" | "location-card" = "page") => {
  const box = await page.getByTestId("map-box").first().boundingBox();
  const origin = within === "page" ? { x: 0, y: 0 } : await page.getByTestId(within).boundingBox();
  if (!box || !origin) throw new Error("no map box on screen");
  return { ...box, x: box.x - origin.x, y: box.y - origin.y };
};

/** Asks the browser for less data: the media feature (where it knows it) and the Save-Data hint. */
async function askForLessData(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-reduced-data", value: "reduce" }] });
  await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true });
}

test.describe("the maps load by themselves", () => {
  test("the trips page paints its preview, then draws the map and its routes in the same box with no click", async ({
    page,
  }) => {
    await watchShifts(page);
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const before = await boxOf(page);
    const map = page.getByTestId("trips-map");
    // A frame drawn with the page's trips and their routes: the map's draw resolves once that frame is on screen.
    await expect(map).toHaveAttribute("data-drawn-count", "100");
    await expect.poll(async () => Number(await map.getAttribute("data-drawn-routes"))).toBeGreaterThan(0);
    await expect(page.getByTestId("map-box")).toHaveAttribute("data-map", "drawn");
    await expect(page.getByTestId("map-preview")).toHaveCount(0);
    await expect(page.getByTestId("map-preview-load")).toHaveCount(0);

    expect(await boxOf(page)).toEqual(before);
    const { previewAt, shift } = await shiftSincePreview(page);
    expect(previewAt).toBeGreaterThanOrEqual(0);
    expect(shift).toBeLessThanOrEqual(0.02);
    // The map is the page's: selecting a trip in the list highlights it there.
    await page.getByTestId("trip-row").nth(3).click();
    const selected = await page.getByTestId("trip-row").nth(3).getAttribute("data-trip-id");
    await expect(map).toHaveAttribute("data-selected-trip", selected ?? "");
  });

  test("the trip list keeps every row in place when the driving events' badges arrive after it", async ({ page }) => {
    await watchShifts(page, "trip-list");
    // The page's driving events held back until the list has painted, as a slow answer would come.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/vehicles\/\d+\/trips\/events\?/, async (route) => {
      await held;
      await route.continue();
    });
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const list = page.getByTestId("trip-list");
    const rows = list.getByTestId("trip-row");
    const firstRows = [...Array(8).keys()].map((index) => rows.nth(index));
    // Each row's place and height within the list, which the map or the lines above may move as a whole.
    const rowBoxes = async () => {
      const top = (await list.boundingBox())?.y ?? Number.NaN;
      return Promise.all(
        firstRows.map(async (row) => {
          const box = await row.boundingBox();
          return box ? { y: box.y - top, height: box.height } : null;
        }),
      );
    };
    await expect(list.getByTestId("trip-events")).toHaveCount(0);
    const before = await rowBoxes();
    const releasedAt = await page.evaluate(() => performance.now());
    release();
    await expect(list.getByTestId("trip-events").first()).toBeAttached();
    // Some of the rows measured have badges, so that a row growing would show.
    const badged = await Promise.all(firstRows.map((row) => row.getByTestId("trip-events").count()));
    expect(badged.some((count) => count > 0)).toBe(true);
    // The frame that paints them, and the shift entries it queues.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await rowBoxes()).toEqual(before);
    expect(await shiftSince(page, releasedAt)).toBeLessThanOrEqual(0.02);
  });

  test("the Overview's location is a map with the last trip's route, and links to that trip", async ({ page }) => {
    await watchShifts(page);
    await page.goto(`/vehicles/${TESLA}`);
    const card = page.getByTestId("location-card");
    await expect(card.getByTestId("map-preview")).toBeVisible();
    const before = await boxOf(page, "location-card");
    const map = page.getByTestId("location-map");
    await expect(map).toHaveAttribute("data-state", "ready");
    // A frame drawn with the route of the last trip under the vehicle's dot.
    await expect.poll(async () => Number(await map.getAttribute("data-drawn-path"))).toBeGreaterThan(1);
    await expect(page.getByTestId("map-box")).toHaveAttribute("data-map", "drawn");
    await expect(card.getByTestId("map-preview")).toHaveCount(0);
    expect(await boxOf(page, "location-card")).toEqual(before);
    expect((await shiftSincePreview(page)).shift).toBeLessThanOrEqual(0.02);

    const lastTrip = page.getByTestId("location-last-trip");
    const tripId = (await lastTrip.getAttribute("data-trip-id")) ?? "";
    expect(tripId).not.toBe("");
    await page.getByTestId("location-last-trip-link").click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${TESLA}/trips\\?page=1&trip=${encodeURIComponent(tripId)}$`));
    // The trip is the newest on the trips page, and selected there.
    await expect(page.getByTestId("trip-row").first()).toHaveAttribute("data-trip-id", tripId);
    await expect(page.getByTestId("trips-map")).toHaveAttribute("data-selected-trip", tripId);
  });

  test("the all-trips page draws its map with no click, over the preview's box", async ({ page }) => {
    await watchShifts(page);
    await page.goto(`/vehicles/${TESLA}/trips/all`);
    const view = page.getByTestId("all-trips-view");
    await expect(view).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    const map = page.getByTestId("all-trips-map");
    await expect(map).toHaveAttribute("data-state", "ready");
    // The clusters the last frame drew stand for every trip with a start.
    const points = Number(await view.getAttribute("data-points"));
    expect(points).toBeGreaterThan(2400);
    await expect.poll(() => renderedTripCount(page)).toBe(points);
    await expect(page.getByTestId("map-box")).toHaveAttribute("data-map", "drawn");
    await expect(page.getByTestId("all-trips-preview")).toHaveCount(0);
    await expect(page.getByText(/^Where trips start, grouped/)).toBeVisible();
    expect((await shiftSincePreview(page)).shift).toBeLessThanOrEqual(0.02);
  });

  test("a map below the fold starts when it comes into view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.goto(`/vehicles/${TESLA}`);
    const box = page.getByTestId("map-box");
    await expect(page.getByTestId("location-text")).toBeAttached();
    // Well below the screen and the half screen ahead of it that the maps load for.
    const top = (await box.boundingBox())?.y ?? 0;
    expect(top).toBeGreaterThan(300 * 1.5);
    await expect(box).toHaveAttribute("data-map", "preview");
    expect(await mapLibreRan(page)).toBe(false);

    await box.scrollIntoViewIfNeeded();
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
    await expect(box).toHaveAttribute("data-map", "drawn");
  });
});

test.describe("with less data asked for", () => {
  test("the trips page keeps its preview and button; the button loads the map, and the tab's next maps", async ({
    page,
  }) => {
    await askForLessData(page);
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const preview = page.getByTestId("trips-preview");
    await expect(preview).toHaveAttribute("data-drawn-count", "100");
    // The routes arrive after the list and replace the straight lines they stood for.
    await expect.poll(async () => Number(await preview.getAttribute("data-drawn-routes"))).toBeGreaterThan(0);
    await page.getByTestId("trip-row").nth(3).click();
    await expect(page.getByTestId("trips-preview-selected")).toHaveCount(1);
    await expect(page.getByTestId("map-preview-load")).toBeVisible();
    await expect(page.getByTestId("map-box")).toHaveAttribute("data-map", "preview");
    expect(await mapLibreRan(page)).toBe(false);

    await page.getByTestId("map-preview-load").click();
    const map = page.getByTestId("trips-map");
    await expect(map).toHaveAttribute("data-drawn-count", "100");
    const selected = await page.getByTestId("trip-row").nth(3).getAttribute("data-trip-id");
    await expect(map).toHaveAttribute("data-selected-trip", selected ?? "");

    // Asked for once, the maps of the tab's next pages load by themselves.
    await page.getByRole("link", { name: "Overview" }).click();
    await expect(page.getByTestId("location-map")).toHaveAttribute("data-state", "ready");
  });

  test("the all-trips page keeps its density preview, which follows the time window", async ({ page }) => {
    await askForLessData(page);
    await page.goto(`/vehicles/${TESLA}/trips/all`);
    const view = page.getByTestId("all-trips-view");
    await expect(view).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    const preview = page.getByTestId("all-trips-preview");
    const points = (await view.getAttribute("data-points")) ?? "";
    await expect(preview).toHaveAttribute("data-drawn", points);
    expect(Number(await preview.getAttribute("data-cells"))).toBeGreaterThan(1);
    await expect(preview).toHaveAccessibleName(/^Where 2,\d{3} trips start, as a density/);
    await expect(page.getByText(/^A preview of where the window's trips start/)).toBeVisible();

    await page.getByTestId("time-window-30d").click();
    await expect(view).not.toHaveAttribute("data-shown", points);
    const shown = (await view.getAttribute("data-shown")) ?? "";
    await expect(preview).toHaveAttribute("data-drawn", shown);
    await expect(page.getByTestId("map-preview-load")).toBeVisible();
    expect(await mapLibreRan(page)).toBe(false);
  });

  test("the Overview keeps its location preview and button", async ({ page }) => {
    await askForLessData(page);
    await page.goto(`/vehicles/${TESLA}`);
    await expect(page.getByTestId("location-text")).toBeVisible();
    const card = page.getByTestId("location-card");
    await expect(card.getByTestId("map-preview-load")).toBeVisible();
    await expect(card.getByTestId("map-box")).toHaveAttribute("data-map", "preview");
    expect(await mapLibreRan(page)).toBe(false);
  });
});
