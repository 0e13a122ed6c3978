import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { sandboxApi } from "./fixtures/sandbox-api";
import { expect, test } from "./fixtures/test";
import { TESLA, expectListPage, openTrips, renderedTripCount, sandboxTrips } from "./fixtures/trips";

/**
 * The trips pages against the browser tests' sandbox: paging with the URL, the list against what the sandbox itself
 * serves, the map (read through the MapLibre instance), selection both ways, empty and refused states, exports.
 */

const rowIds = (page: Page) =>
  page.getByTestId("trip-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-trip-id") ?? ""));

/** Trip ids drawn on the trips map, read from MapLibre itself. */
function mapTripIds(page: Page, kind: "line" | "start" | "end"): Promise<string[]> {
  return page.evaluate((wanted) => {
    const map = window.__tripsMap;
    if (!map) throw new Error("no trips map");
    const ids = map
      .querySourceFeatures("dash-trips")
      .filter((feature) => feature.properties.kind === wanted)
      .map((feature) => String(feature.properties.tripId));
    return [...new Set(ids)].sort();
  }, kind);
}

/**
 * Waits as long as the other map tests: a first map load takes 6 to 7 s here, and the page's draw settles only once its
 * routes have streamed in (each batch redraws it).
 */
async function expectMapShows(page: Page, firstTripId: string, count: number): Promise<void> {
  const map = page.getByTestId("trips-map");
  await expect(map).toHaveAttribute("data-drawn-first", firstTripId);
  await expect(map).toHaveAttribute("data-drawn-count", String(count));
}

test.describe("trips, page by page", () => {
  test("pages through the 2,500-trip vehicle with first, next, last and a typed page, the URL following", async ({
    page,
  }) => {
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const summary = page.getByTestId("trips-summary");
    await expect(summary).toHaveText("Page 1 of 25 · trips 1–100");
    await expect(page.getByTestId("trip-row")).toHaveCount(100);
    const firstPageIds = await rowIds(page);

    await page.getByTestId("page-next").click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expectListPage(page, 2);
    await expect(summary).toHaveText("Page 2 of 25 · trips 101–200");
    const secondPageIds = await rowIds(page);
    expect(secondPageIds).toHaveLength(100);
    expect(secondPageIds.filter((id) => firstPageIds.includes(id))).toEqual([]);

    await page.getByTestId("page-last").click();
    await expect(page).toHaveURL(/\?page=25$/);
    await expectListPage(page, 25);
    await expect(summary).toHaveText("Page 25 of 25 · trips 2,401–2,500");
    await expect(page.getByTestId("page-next")).toHaveAttribute("aria-disabled", "true");

    const input = page.getByTestId("page-input");
    await input.fill("7");
    await input.press("Enter");
    await expect(page).toHaveURL(/\?page=7$/);
    await expectListPage(page, 7);
    const seventhPageIds = await rowIds(page);

    // Reload and a shared link show the same page.
    await page.reload();
    await expectListPage(page, 7);
    expect(await rowIds(page)).toEqual(seventhPageIds);

    // Back walks the pages visited.
    await page.goBack();
    await expect(page).toHaveURL(/\?page=25$/);
    await expectListPage(page, 25);

    await page.getByTestId("page-first").click();
    await expect(page).toHaveURL(/\?page=1$/);
    await expectListPage(page, 1);
    expect(await rowIds(page)).toEqual(firstPageIds);

    // Out-of-range typing is refused with a message and changes nothing.
    await input.fill("26");
    await input.press("Enter");
    await expect(page.getByTestId("page-input-problem")).toHaveText("Enter a page from 1 to 25.");
    await expect(page).toHaveURL(/\?page=1$/);
  });

  test("the first row is the sandbox's newest trip, in the viewer's time zone", async ({ page }) => {
    const newest = (await sandboxTrips(TESLA, 1)).trips[0];
    if (!newest?.start.location || !newest.end.location)
      throw new Error("the seeded newest trip should have both ends");
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const row = page.getByTestId("trip-row").first();
    await expect(row).toHaveAttribute("data-trip-id", newest.id);
    const { latitude, longitude } = newest.start.location;
    await expect(row.getByTestId("trip-start")).toContainText(`${latitude.toFixed(5)}, ${longitude.toFixed(5)}`);
    await expect(row.getByTestId("trip-end")).toContainText(
      `${newest.end.location.latitude.toFixed(5)}, ${newest.end.location.longitude.toFixed(5)}`,
    );
    const expectedStart = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZoneName: "short",
        }).format(new Date(iso)),
      newest.start.time,
    );
    await expect(row.getByTestId("trip-times")).toContainText(expectedStart);
  });

  test("the map draws the page's trips, and follows the page", async ({ page }, testInfo) => {
    await openTrips(page, TESLA, "?page=3");
    await expectListPage(page, 3);
    const ids = await rowIds(page);
    await expectMapShows(page, ids[0] ?? "", 100);

    const served = (await sandboxTrips(TESLA, 3)).trips;
    const withBothEnds = served
      .filter((trip) => trip.start.location && trip.end.location)
      .map((trip) => trip.id)
      .sort();
    expect(await mapTripIds(page, "line")).toEqual(withBothEnds);
    expect(await mapTripIds(page, "end")).toEqual(
      served
        .filter((trip) => trip.end.location)
        .map((trip) => trip.id)
        .sort(),
    );
    // Fitted to the trips: lines are really on screen, not only in the source.
    const rendered = await page.evaluate(
      () => window.__tripsMap?.queryRenderedFeatures({ layers: ["dash-trips-lines"] }).length ?? 0,
    );
    expect(rendered).toBeGreaterThan(50);
    const screenshot = testInfo.outputPath("trips-map-page-3.png");
    await page.getByTestId("trips-map").screenshot({ path: screenshot });
    await testInfo.attach("trips-map-page-3", { path: screenshot, contentType: "image/png" });

    await page.getByTestId("page-next").click();
    await expectListPage(page, 4);
    const nextIds = await rowIds(page);
    await expectMapShows(page, nextIds[0] ?? "", 100);
    const servedNext = (await sandboxTrips(TESLA, 4)).trips;
    expect(await mapTripIds(page, "line")).toEqual(
      servedNext
        .filter((trip) => trip.start.location && trip.end.location)
        .map((trip) => trip.id)
        .sort(),
    );
  });

  test("selecting a row selects its trip on the map, and clicking a trip on the map selects its row", async ({
    page,
  }) => {
    await openTrips(page, TESLA, "?page=2");
    await expectListPage(page, 2);
    const ids = await rowIds(page);
    await expectMapShows(page, ids[0] ?? "", 100);

    const row = page.getByTestId("trip-row").nth(4);
    const rowTripId = ids[4] ?? "";
    await row.getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`[?&]trip=${rowTripId}`));
    await expect(row.getByRole("button")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("trips-map")).toHaveAttribute("data-selected-trip", rowTripId);
    await expect(page.getByTestId("trip-popup")).toBeVisible();
    const state = await page.evaluate(() => window.__tripsMap?.getFeatureState({ source: "dash-trips", id: 4 }));
    expect(state).toMatchObject({ selected: true });

    // Click the end marker of another trip on the map: whichever trip is drawn on top there gets selected.
    await page.getByTestId("trips-map").scrollIntoViewIfNeeded();
    const target = await page.evaluate(() => {
      const map = window.__tripsMap;
      if (!map) throw new Error("no trips map");
      const canvas = map.getCanvas().getBoundingClientRect();
      const popup = document.querySelector(".maplibregl-popup")?.getBoundingClientRect();
      const underPopup = (x: number, y: number) =>
        popup !== undefined &&
        x >= popup.left - 20 &&
        x <= popup.right + 20 &&
        y >= popup.top - 20 &&
        y <= popup.bottom + 20;
      for (const feature of map.queryRenderedFeatures({ layers: ["dash-trips-ends"] })) {
        if (feature.geometry.type !== "Point") continue;
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const point = map.project([lng, lat]);
        // Away from the edges and the controls, and not under the open popup.
        if (point.x < 60 || point.y < 60 || point.x > canvas.width - 60 || point.y > canvas.height - 60) continue;
        if (underPopup(canvas.left + point.x, canvas.top + point.y)) continue;
        if (canvas.top + point.y > window.innerHeight - 20 || canvas.top + point.y < 20) continue;
        const top = map.queryRenderedFeatures(point, {
          layers: ["dash-trips-ends", "dash-trips-starts", "dash-trips-lines"],
        })[0];
        const tripId = top?.properties.tripId;
        if (typeof tripId === "string" && tripId !== new URL(location.href).searchParams.get("trip")) {
          return { x: canvas.left + point.x, y: canvas.top + point.y, tripId };
        }
      }
      return null;
    });
    if (!target) throw new Error("no trip end to click on the map");
    await page.mouse.click(target.x, target.y);
    await expect(page).toHaveURL(new RegExp(`[?&]trip=${target.tripId}`));
    const selectedRow = page.locator(`[data-testid=trip-row][data-trip-id="${target.tripId}"]`);
    await expect(selectedRow.getByRole("button")).toHaveAttribute("aria-pressed", "true");
    await expect(selectedRow).toBeInViewport();
    await expect(page.getByTestId("trips-map")).toHaveAttribute("data-selected-trip", target.tripId);

    // The selection survives a reload.
    await page.reload();
    await expect(
      page.locator(`[data-testid=trip-row][data-trip-id="${target.tripId}"]`).getByRole("button"),
    ).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("trips: empty and refused", () => {
  test("a vehicle without trips says so", async ({ page }) => {
    await openTrips(page, VEHICLE_IDS.noTrips);
    await expect(page.getByTestId("no-trips")).toBeVisible();
    await expect(page.getByTestId("no-trips")).toContainText("No trips yet");
  });

  test("a vehicle whose grant lacks privilege 4 says which privilege to ask for", async ({ page }) => {
    for (const path of ["", "/all"]) {
      await page.goto(`/vehicles/${VEHICLE_IDS.noTripsPrivilege}/trips${path}`);
      const panel = page.getByTestId("missing-privilege");
      await expect(panel).toBeVisible();
      await expect(panel).toContainText("Trips unavailable: the grant lacks Location history (privilege 4).");
    }
  });

  test("a page past the end, and a page that is not a number", async ({ page }) => {
    await openTrips(page, VEHICLE_IDS.exactly100, "?page=2");
    await expect(page.getByTestId("past-the-end")).toContainText("There is no page 2");
    await page.getByRole("link", { name: "Go to the last page (1)" }).click();
    await expect(page).toHaveURL(/\?page=1$/);
    await expectListPage(page, 1);
    await expect(page.getByTestId("trip-row")).toHaveCount(100);

    await openTrips(page, VEHICLE_IDS.exactly100, "?page=two");
    await expect(page.getByText("“two” is not a page number")).toBeVisible();
  });
});

/** Rows of a CSV file as records; quoted fields are not expected in these exports' ids and times. */
function csvRecords(text: string): Array<Record<string, string>> {
  const [header, ...rows] = text.trimEnd().split("\r\n");
  const columns = (header ?? "").split(",");
  return rows.map((row) => Object.fromEntries(row.split(",").map((cell, i) => [columns[i] ?? "", cell])));
}

test.describe("trip exports", () => {
  test("the page as CSV and GeoJSON: one entry per row of the page, in order", async ({ page }) => {
    await openTrips(page, TESLA, "?page=2");
    await expectListPage(page, 2);
    const ids = await rowIds(page);

    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-page-csv").click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe(`vehicle-${TESLA}-trips-page-2.csv`);
    const records = csvRecords(await readFile(await csvDownload.path(), "utf8"));
    expect(records.map((record) => record.id)).toEqual(ids);
    const served = (await sandboxTrips(TESLA, 2)).trips;
    expect(records[0]).toMatchObject({ start_time: served[0]?.start.time, end_time: served[0]?.end.time });

    const [geoDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-page-geojson").click(),
    ]);
    expect(geoDownload.suggestedFilename()).toBe(`vehicle-${TESLA}-trips-page-2.geojson`);
    const collection = JSON.parse(await readFile(await geoDownload.path(), "utf8")) as {
      features: Array<{ id: string; geometry: unknown }>;
    };
    expect(collection.features.map((feature) => feature.id)).toEqual(ids);
  });

  test("all trips as CSV: every trip of the vehicle, newest first", async ({ page }) => {
    await page.goto(`/vehicles/${TESLA}/trips/all`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-all-csv").click()]);
    expect(download.suggestedFilename()).toBe(`vehicle-${TESLA}-trips-all.csv`);
    const records = csvRecords(await readFile(await download.path(), "utf8"));
    expect(records).toHaveLength(2500);
    expect(new Set(records.map((record) => record.id)).size).toBe(2500);
    const [first, last] = await Promise.all([sandboxTrips(TESLA, 1), sandboxTrips(TESLA, 25)]);
    expect(records[0]?.id).toBe(first.trips[0]?.id);
    expect(records.at(-1)?.id).toBe(last.trips.at(-1)?.id);
  });
});

test.describe("all trips on one map", () => {
  test("loads every trip of the vehicle with a progress bar", async ({ page }) => {
    await page.goto(`/vehicles/${TESLA}/trips/all`);
    const view = page.getByTestId("all-trips-view");
    await expect(view).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(view).toHaveAttribute("data-trips", "2500");
    await expect(page.getByRole("progressbar", { name: "Trips loaded" })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByTestId("all-trips-status")).toHaveText("2,500 trips on the map");
    const points = Number(await view.getAttribute("data-points"));
    expect(points).toBeGreaterThan(2400);
    expect(points).toBeLessThanOrEqual(2500);
    // The map, fitted to every start, holds them all: the clusters' counts and the single points add up.
    await expect.poll(() => renderedTripCount(page)).toBe(points);
  });
});

test.describe("all trips: cancelling", () => {
  test("cancel stops the loading, and the server stops asking DIMO for pages", async ({ page }) => {
    const { control } = sandboxApi();
    const tripsPath = `/trips/v1/vehicle/${VEHICLE_IDS.perf}/trips`;
    const tripsRequests = async () => (await control.stats()).paths[`GET ${tripsPath}`] ?? 0;
    const before = await tripsRequests();
    // Each page of this vehicle answers after a second, so the walk of 1,000 pages is still under way when the cancel
    // is clicked, however fast or slow the machine; unpaced, it can all arrive within seconds.
    const { id } = await control.injectFault({ method: "GET", path: tripsPath, latencyMs: 1_000, times: 0 });
    try {
      await page.goto(`/vehicles/${VEHICLE_IDS.perf}/trips/all`);
      const view = page.getByTestId("all-trips-view");
      await page.getByTestId("all-trips-load-all").click();
      await expect.poll(async () => Number(await view.getAttribute("data-trips"))).toBeGreaterThan(0);
      await page.getByTestId("all-trips-cancel").click();
      await expect(view).toHaveAttribute("data-status", "cancelled");
      await expect(page.getByTestId("all-trips-status")).toContainText("Stopped:");

      // The count of trips pages the sandbox served settles (only requests already in flight finish) far below 1,000.
      let previous = -1;
      await expect
        .poll(
          async () => {
            const now = await tripsRequests();
            const settled = now === previous;
            previous = now;
            return settled;
          },
          { intervals: [1_500] },
        )
        .toBe(true);
      expect(previous - before).toBeLessThan(1_000);
      expect(Number(await view.getAttribute("data-trips"))).toBeLessThan(100_000);
    } finally {
      await control.removeFault(id);
    }
  });
});
