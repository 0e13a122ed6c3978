import type { Page } from "@playwright/test";
import { longTasks, observeLongTasks } from "@/test-support/long-tasks";
import { enableTestHooks } from "@/test-support/test-hooks";
import { allTripsView, clickedAt, loadAllTrips } from "./all-trips-load";
import { PAN_VIEWPORT, panAndZoom } from "./all-trips-pan";
import { launchChromium } from "./browser";
import type { Session } from "./dashboard-client";
import { type Summary, summarize } from "./stats";
import { sized } from "./size";

/**
 * The all-trips map of a large vehicle in Chromium (item 8):
 *  - warm load: with the dashboard's trip history of the vehicle kept (one load before warms it), from navigation
 *    start (or, for a vehicle over ALL_TRIPS_ASK_ABOVE_PAGES pages, the page's click event on "Load all") to the stream's end (`all-trips:finished:done`) and on to the map's first `idle` after it and that frame, with the
 *    longest main-thread task (Long Tasks API) of the whole load;
 *  - time window switches, in the clusters view and then in the density view: from the click on a window's button (the
 *    page's click event) to the map having drawn it (the map's `all-trips:window` measure ends once it is drawn,
 *    components/map/when-drawn.ts), with the longest task in between;
 *  - what the cluster counts add to what the map loads: the bytes of every font or glyph file fetched;
 *  - the lines view drawing 1,000 and 10,000 of the trips as straight lines (item 4): from handing them to the view's
 *    layer until they are drawn, through the page's own draw path (`window.__allTripsMapBench.drawLines`);
 *  - panning and zooming by hand, after a warm load of its own in a taller viewport (all-trips-pan.ts): four drags
 *    and four wheel zooms until the map settles, with the longest gap between animation frames and the longest task;
 *  - the baseline the timings are compared with: the same page of a vehicle with no trips, in the same browser, its
 *    warm loads interleaved with the large vehicle's and measured the same way, and frames of that empty map drawn
 *    through the lines view's draw path with no lines. A machine that is slower, or busier, is slower at both.
 */

/** The all-trips map with no trips on it: what the page and the map cost this browser before any trip. */
export interface EmptyMapBaseline {
  tokenId: number;
  /** Navigation start to the empty map drawn, warm. */
  load: Summary;
  loadRuns: number[];
  /** The longest main-thread task of each of those loads. */
  loadLongestTaskMs: number[];
  /** A draw of no lines through the lines view's draw path, to the frame on screen: one frame of the empty map. */
  frame: Summary;
  frameRuns: number[];
}

export interface AllTripsResults {
  tokenId: number;
  trips: number;
  /** Navigation start to the map idle with every trip drawn, warm. */
  warmLoad: Summary;
  warmLoadRuns: number[];
  /** Of each warm load, the part until every trip was in the page (the rest is the map drawing them). */
  warmStreamRuns: number[];
  /** The longest main-thread task of each warm load. */
  warmLongestTaskMs: number[];
  /** Click to drawn, per switch in the clusters view (the page's first view), and the longest task during each. */
  windowSwitch: Summary;
  /** The same switches with the density view on screen. */
  densitySwitch: Summary;
  windowSwitchRuns: Array<{ view: SwitchedView; window: string; ms: number; longestTaskMs: number; shown: number }>;
  /**
   * Drags and wheel zooms after a warm load, per run: from the first drag to the map settled, the longest gap between
   * animation frames and the longest main-thread task in between.
   */
  panRuns: Array<{ ms: number; frameGapMs: number; longestTaskMs: number }>;
  /** The longest gap between frames of each run. */
  panFrameGap: Summary;
  /** Bytes of the font and glyph files the map fetched (their encoded bodies, whether or not the cache served them). */
  glyphBytes: number;
  glyphFiles: string[];
  /** The lines view's draws, by trip count. */
  linesRuns: Record<string, number[]>;
  lines1k: Summary;
  lines10k: Summary;
  baseline: EmptyMapBaseline;
}

/** The views whose time window switches are timed (the lines view draws from the store, with no worker between). */
export type SwitchedView = "clusters" | "density";

const WARM_LOADS = sized(3, 1);
const PAN_RUNS = sized(3, 1);
const EMPTY_FRAMES_PER_LOAD = sized(3, 1);
const SWITCHES = sized(["30d", "all", "custom", "all", "7d", "all"] as const, ["30d", "all"] as const);
// Six draws of 1,000 and three of 10,000, mixed, each after the view was put back to 100 lines.
const LINES_PLAN = sized([1_000, 10_000, 1_000, 1_000, 10_000, 1_000, 1_000, 10_000, 1_000], [1_000]);

const longestTaskSince = async (page: Page, since: number) =>
  Math.round(
    Math.max(
      0,
      ...(await longTasks(page)).filter((task) => task.start + task.duration >= since).map((task) => task.duration),
    ),
  );

/** Clicks a window's button (a custom range: the newest trip's 30 days before it) and waits for the map to draw it. */
async function switchWindow(page: Page, choice: (typeof SWITCHES)[number]): Promise<{ ms: number; since: number }> {
  if (choice === "custom") {
    await page.getByTestId("time-window-custom").click();
    const apply = page.getByTestId("time-window-apply");
    const count = await page.evaluate(() => performance.getEntriesByName("all-trips:window").length);
    const since = await clickedAt(page, apply);
    return { ms: await waitForWindow(page, count, since), since };
  }
  const count = await page.evaluate(() => performance.getEntriesByName("all-trips:window").length);
  const since = await clickedAt(page, page.getByTestId(`time-window-${choice}`));
  return { ms: await waitForWindow(page, count, since), since };
}

/**
 * Puts another view on screen and waits until it has drawn its first answer: the map's first `idle` a while after the
 * click (the worker answers within a few hundred milliseconds), so that no switch is timed over the view's own load.
 */
async function showView(page: Page, view: SwitchedView): Promise<void> {
  await page.getByTestId(`all-trips-view-${view}`).click();
  await page
    .getByTestId("all-trips-map")
    .and(page.locator(`[data-view="${view}"]`))
    .waitFor();
  await page.waitForTimeout(1_000);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__allTripsMap;
        if (!map) throw new Error("no all-trips map");
        map.once("idle", () => resolve());
        map.triggerRepaint();
      }),
  );
}

async function waitForWindow(page: Page, before: number, since: number): Promise<number> {
  const handle = await page.waitForFunction(
    ({ before }) => {
      const entries = performance.getEntriesByName("all-trips:window");
      const last = entries[before];
      return last ? last.startTime + last.duration : false;
    },
    { before },
    { timeout: 60_000, polling: 16 },
  );
  return Math.round(Number(await handle.jsonValue()) - since);
}

/** The font and glyph files the map fetched (not the page's own text font, from /_next/, there with or without a map). */
function mapFontFiles(page: Page): Promise<Array<{ name: string; bytes: number }>> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter(
        (entry) =>
          /\.(woff2?|ttf|otf|pbf)(\?|$)/.test(entry.name) && new URL(entry.name).pathname.startsWith("/basemap/"),
      )
      .map((entry) => {
        const resource = entry as PerformanceResourceTiming;
        // The body's size, compressed as sent: a warm load takes the file from the cache (a transfer of headers only).
        return { name: new URL(resource.name).pathname, bytes: resource.encodedBodySize || resource.transferSize };
      }),
  );
}

/** Draws the first `count` trips of the page's store as lines (none: a frame of the map as it is) and returns the ms. */
const drawLines = (page: Page, count: number) =>
  page.evaluate((n) => {
    const bench = window.__allTripsMapBench;
    if (!bench) throw new Error("the all-trips map exposes no benchmark hook");
    return bench.drawLines(n);
  }, count);

/**
 * `tokenId`'s all-trips map, and beside it the same map of `emptyTokenId`, a vehicle with no trips: the baseline its
 * timings are reported against.
 */
export async function measureAllTrips(
  session: Session,
  tokenId: number,
  emptyTokenId: number,
): Promise<AllTripsResults> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(session.jar.entries().map(([name, value]) => ({ name, value, url: session.baseUrl })));
    const page = await context.newPage();
    await enableTestHooks(page);
    await observeLongTasks(page);
    const url = `${session.baseUrl}/vehicles/${tokenId}/trips/all`;
    const emptyUrl = `${session.baseUrl}/vehicles/${emptyTokenId}/trips/all`;

    // The first load fills the dashboard's trip history of the vehicle (DIMO's pages at its rate limit): not measured.
    const { trips } = await loadAllTrips(page, url);
    // Nor is the empty vehicle's first, which fetches its grant and token.
    const empty = await loadAllTrips(page, emptyUrl);
    if (empty.trips !== 0) throw new Error(`vehicle ${emptyTokenId} has ${empty.trips} trips; the baseline needs none`);
    const emptyLoadRuns: number[] = [];
    const emptyLongestTaskMs: number[] = [];
    const emptyFrameRuns: number[] = [];
    const warmLoadRuns: number[] = [];
    const warmStreamRuns: number[] = [];
    const warmLongestTaskMs: number[] = [];
    let glyphFiles: string[] = [];
    let glyphBytes = 0;
    // The largest of every load's, the first (cold) one's included: a warm load may take the file from a cache
    // that does not say its size.
    const countFonts = (files: Array<{ name: string; bytes: number }>) => {
      glyphFiles = files.map((file) => file.name);
      glyphBytes = Math.max(
        glyphBytes,
        files.reduce((sum, file) => sum + file.bytes, 0),
      );
    };
    countFonts(await mapFontFiles(page));
    for (let run = 0; run < WARM_LOADS; run++) {
      // The baseline right before each load, so that both see the machine as it is at that moment.
      emptyLoadRuns.push(Math.round((await loadAllTrips(page, emptyUrl)).ms));
      emptyLongestTaskMs.push(await longestTaskSince(page, 0));
      for (let frame = 0; frame < EMPTY_FRAMES_PER_LOAD; frame++)
        emptyFrameRuns.push(Math.round(await drawLines(page, 0)));
      const load = await loadAllTrips(page, url);
      warmLoadRuns.push(Math.round(load.ms));
      warmStreamRuns.push(Math.round(load.streamMs));
      warmLongestTaskMs.push(await longestTaskSince(page, 0));
      countFonts(await mapFontFiles(page));
    }

    const windowSwitchRuns: AllTripsResults["windowSwitchRuns"] = [];
    for (const view of ["clusters", "density"] as const) {
      if (view !== "clusters") await showView(page, view);
      for (const choice of SWITCHES) {
        const { ms, since } = await switchWindow(page, choice);
        const shown = Number(await allTripsView(page).getAttribute("data-shown"));
        windowSwitchRuns.push({ view, window: choice, ms, longestTaskMs: await longestTaskSince(page, since), shown });
      }
    }
    const switchesIn = (view: SwitchedView) =>
      summarize(windowSwitchRuns.filter((run) => run.view === view).map((run) => run.ms));
    await page.getByTestId("all-trips-view-lines").click();
    const linesRuns: Record<string, number[]> = {};
    for (const count of LINES_PLAN) {
      await drawLines(page, 100);
      (linesRuns[String(count)] ??= []).push(Math.round(await drawLines(page, count)));
    }
    // Last, since it moves the map: each run on a fresh warm load, in the page's first view and window.
    await page.setViewportSize(PAN_VIEWPORT);
    const panRuns: AllTripsResults["panRuns"] = [];
    for (let run = 0; run < PAN_RUNS; run++) {
      await loadAllTrips(page, url);
      const pan = await panAndZoom(page);
      panRuns.push({
        ms: pan.ms,
        frameGapMs: pan.frameGapMs,
        longestTaskMs: await longestTaskSince(page, pan.startedAt),
      });
    }
    await context.close();
    return {
      tokenId,
      trips,
      warmLoad: summarize(warmLoadRuns),
      warmLoadRuns,
      warmStreamRuns,
      warmLongestTaskMs,
      windowSwitch: switchesIn("clusters"),
      densitySwitch: switchesIn("density"),
      windowSwitchRuns,
      panRuns,
      panFrameGap: summarize(panRuns.map((run) => run.frameGapMs)),
      glyphBytes,
      glyphFiles,
      linesRuns,
      lines1k: summarize(linesRuns["1000"] ?? []),
      lines10k: summarize(linesRuns["10000"] ?? []),
      baseline: {
        tokenId: emptyTokenId,
        load: summarize(emptyLoadRuns),
        loadRuns: emptyLoadRuns,
        loadLongestTaskMs: emptyLongestTaskMs,
        frame: summarize(emptyFrameRuns),
        frameRuns: emptyFrameRuns,
      },
    };
  } finally {
    await browser.close();
  }
}
