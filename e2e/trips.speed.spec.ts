import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { longTasks, observeLongTasks } from "@/test-support/long-tasks";
import { expect, test } from "./fixtures/test";
import { TESLA, expectListPage, openTrips, sandboxTrips } from "./fixtures/trips";

/**
 * Speed of the trips pages, measured in the test browser and reported as annotations and console lines: reported,
 * not asserted, since a busy machine would fail a timed assertion without anything being wrong.
 */

test.describe("speed, measured (reported, not asserted)", () => {
  test("the trips page of a warm vehicle becomes interactive", async ({ page }, testInfo) => {
    await openTrips(page, TESLA);
    await expectListPage(page, 1);
    const interactive: number[] = [];
    const mapDrawn: number[] = [];
    for (const pageNumber of [5, 6, 7]) {
      await openTrips(page, TESLA, `?page=${pageNumber}`);
      await expectListPage(page, pageNumber);
      await expect(page.getByTestId("trips-map")).toHaveAttribute("data-drawn-count", "100");
      const timings = await page.evaluate(() => {
        const ready = performance.getEntriesByName("trips-view:interactive")[0];
        const draw = performance.getEntriesByName("trips-map:draw")[0];
        return { interactive: ready?.startTime ?? -1, drawn: draw ? draw.startTime + draw.duration : -1 };
      });
      interactive.push(Math.round(timings.interactive));
      mapDrawn.push(Math.round(timings.drawn));
    }
    testInfo.annotations.push(
      { type: "trips page interactive (ms after navigation start)", description: interactive.join(", ") },
      { type: "trips page map drawn (ms after navigation start)", description: mapDrawn.join(", ") },
    );
    console.log(`trips page interactive: ${interactive.join(", ")} ms; map drawn: ${mapDrawn.join(", ")} ms`);
    expect(interactive.every((ms) => ms > 0)).toBe(true);
  });

  test("drawing 1,000 trips on the trips map", async ({ page }, testInfo) => {
    const pages = await Promise.all(Array.from({ length: 10 }, (_, i) => sandboxTrips(TESLA, i + 1)));
    const trips = pages.flatMap((served) => served.trips);
    expect(trips).toHaveLength(1_000);
    await openTrips(page, VEHICLE_IDS.exactly100);
    await expect(page.getByTestId("trips-map")).toHaveAttribute("data-drawn-count", "100");
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      samples.push(
        Math.round(
          await page.evaluate((data) => window.__tripsMapBench?.draw(data as never) ?? Promise.resolve(-1), trips),
        ),
      );
    }
    // Trips without a known route are drawn as straight lines by their own dashed layer.
    const drawnLines = await page.evaluate(
      () =>
        window.__tripsMap?.queryRenderedFeatures({ layers: ["dash-trips-lines", "dash-trips-straight"] }).length ?? 0,
    );
    expect(drawnLines).toBeGreaterThan(500);
    testInfo.annotations.push({ type: "draw 1,000 trips (ms, data set to map idle)", description: samples.join(", ") });
    console.log(`draw 1,000 trips: ${samples.join(", ")} ms`);
  });

  test("the all-trips map of the 100,000-trip vehicle loads and pans", async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    await observeLongTasks(page);
    await page.goto(`/vehicles/${VEHICLE_IDS.perf}/trips/all`);
    const view = page.getByTestId("all-trips-view");
    // A 1,000-page history is read in full only once asked to.
    await expect(view).toHaveAttribute("data-status", "waiting");
    await page.getByTestId("all-trips-load-all").click();
    await expect(view).toHaveAttribute("data-status", "done", { timeout: 540_000 });
    await expect(view).toHaveAttribute("data-trips", "100000");
    const loaded = await page.evaluate(
      () => performance.getEntriesByName("all-trips:finished:done")[0]?.startTime ?? -1,
    );

    // Pan and zoom: drags across the map, then wheel zooms, until the map has settled. Frames are counted too: the
    // longest gap between two frames is the longest the map stood still.
    await expect
      .poll(() => page.evaluate(() => Boolean(window.__allTripsMap?.loaded())), { timeout: 60_000 })
      .toBe(true);
    // Every drag starts and ends inside the viewport, or the map never hears the button go up.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.getByTestId("all-trips-map").scrollIntoViewIfNeeded();
    const box = await page.getByTestId("all-trips-map").boundingBox();
    if (!box) throw new Error("no all-trips map");
    const panStart = await page.evaluate(() => {
      const frames: number[] = [];
      const w = window as unknown as { __frames: number[]; __countFrames: boolean };
      w.__frames = frames;
      w.__countFrames = true;
      const tick = (time: number) => {
        frames.push(time);
        if (w.__countFrames) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      return performance.now();
    });
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    for (const [dx, dy] of [
      [200, 0],
      [-150, 120],
      [0, -150],
      [-200, 80],
    ] as const) {
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + dx, centre.y + dy, { steps: 12 });
      await page.mouse.up();
    }
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -300);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Boolean(window.__allTripsMap && window.__allTripsMap.loaded() && !window.__allTripsMap.isMoving()),
          ),
        {
          timeout: 120_000,
        },
      )
      .toBe(true);
    const frameGap = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __countFrames: boolean };
      w.__countFrames = false;
      return Math.round(Math.max(0, ...w.__frames.slice(1).map((time, i) => time - (w.__frames[i] ?? time))));
    });
    const tasks = await longTasks(page);
    const during = (from: number, to: number) =>
      tasks.filter((task) => task.start >= from && task.start < to).map((task) => task.duration);
    const loading = during(0, loaded);
    const panning = during(panStart, Number.POSITIVE_INFINITY);
    const worst = (list: number[]) => Math.round(Math.max(0, ...list));
    const summary =
      `loaded in ${Math.round(loaded)} ms; longest main-thread task while loading ${worst(loading)} ms (${loading.length} over 50 ms), ` +
      `while panning and zooming ${worst(panning)} ms (${panning.length} over 50 ms); longest gap between frames while panning ${frameGap} ms`;
    testInfo.annotations.push({ type: "all trips, 100,000 trips", description: summary });
    console.log(`all trips, 100,000 trips: ${summary}`);
    expect(loaded).toBeGreaterThan(0);
  });
});
