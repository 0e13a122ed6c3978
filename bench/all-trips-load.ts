import type { Locator, Page } from "@playwright/test";

/**
 * A vehicle's all-trips page loaded as a person loads it, to its map's first idle frame: the load the all-trips bench
 * times, and the empty map's load that the trips page's first frame is measured beside (map-first-frame.ts).
 */

const LOAD_TIMEOUT_MS = 600_000;

/**
 * Clicks and returns when the page received the click (the event's time stamp): Playwright first waits for the
 * element to stand still over two animation frames, which is no part of what the page does with the click.
 */
export async function clickedAt(page: Page, target: Locator): Promise<number> {
  await page.evaluate(() => {
    document.addEventListener(
      "click",
      (event) => ((window as unknown as { __benchClickAt: number }).__benchClickAt = event.timeStamp),
      { capture: true, once: true },
    );
  });
  await target.click();
  return page.evaluate(() => (window as unknown as { __benchClickAt: number }).__benchClickAt);
}

/** The page's all-trips section: the one on screen, as the router may keep a page it left hidden beside it. */
export const allTripsView = (page: Page): Locator => page.getByTestId("all-trips-view").filter({ visible: true });

/**
 * Loads the page and waits for every trip to be in and the map to settle; returns ms from navigation start, or from
 * the click on "Load all" when the page first asks (a long history).
 */
export async function loadAllTrips(page: Page, url: string): Promise<{ ms: number; streamMs: number; trips: number }> {
  await page.goto(url);
  const view = allTripsView(page);
  await view.and(page.locator('[data-status]:not([data-status="loading"])')).waitFor({ timeout: LOAD_TIMEOUT_MS });
  let startedAt = 0;
  if ((await view.getAttribute("data-status")) === "waiting") {
    startedAt = await clickedAt(page, page.getByTestId("all-trips-load-all"));
  }
  await view.and(page.locator('[data-status="done"]')).waitFor({ timeout: LOAD_TIMEOUT_MS });
  // The map (loaded on demand) may come after the last trip.
  await page.waitForFunction(() => window.__allTripsMap, undefined, { timeout: LOAD_TIMEOUT_MS });
  // No named functions inside: the bench runs through tsx, whose helper for function names the page lacks.
  const ms = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const map = window.__allTripsMap;
        if (!map) throw new Error("the all-trips map exposes no hook");
        // The frame after the map's idle: by then the last frame's pixels are rasterised (components/map/when-drawn.ts).
        if (map.loaded() && map.areTilesLoaded()) requestAnimationFrame(() => resolve(performance.now()));
        else map.once("idle", () => requestAnimationFrame(() => resolve(performance.now())));
      }),
  );
  const finished = await page.evaluate(
    () => performance.getEntriesByName("all-trips:finished:done").at(-1)?.startTime ?? NaN,
  );
  return { ms: ms - startedAt, streamMs: finished - startedAt, trips: Number(await view.getAttribute("data-trips")) };
}
