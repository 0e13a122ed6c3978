import type { Browser, Page } from "@playwright/test";
import { longTasks, observeLongTasks } from "@/test-support/long-tasks";
import { enableTestHooks } from "@/test-support/test-hooks";
import { loadAllTrips } from "./all-trips-load";
import { type Session, fetchTripPaths } from "./dashboard-client";
import { type Summary, summarize } from "./stats";
import { sized } from "./size";

/**
 * Item 4, the trips page as a person opens it: no click, the map loading by itself (components/map/map-gate.tsx).
 * Warm loads (one load before warms the vehicle's pages and routes), each timed from navigation start to the trips
 * map's first frame holding the page's routes (the first `render` whose trips source has routed lines, and the
 * animation frame after it, when its pixels are on screen), with the longest main-thread task until then; and, for
 * reference, to the map's draw of every route settled (the end of the `trips-map:draw` measure that drew them all,
 * at the map's `idle`: basemap tiles and labels included, components/map/when-drawn.ts). Beside them, in
 * the same browser and interleaved: the login page's load (navigation start to the load event's end), and the longest
 * task of a load of the empty map (the all-trips map of a vehicle with no trips, to its first idle frame).
 */

export interface FirstFrameResults {
  /** The page's routes the frame holds. */
  routes: number;
  firstFrame: Summary;
  firstFrameRuns: number[];
  /** To the draw of every route settled, at the map's idle. */
  settledRuns: number[];
  longestTaskRuns: number[];
  loginLoad: Summary;
  loginLoadRuns: number[];
  emptyLongestTaskRuns: number[];
}

const LOADS = sized(5, 1);
const TIMEOUT_MS = 60_000;
/** The trips map's source (components/map/trip-layers.ts); its routed lines are those not marked `straight`. */
const TRIPS_SOURCE = "dash-trips";

/**
 * In every document: once the trips map is exposed (the test hooks), the time of the first frame on screen whose
 * trips source holds routed lines. A script of its own, as the bench's compiler names functions with a helper the
 * page lacks.
 */
const FIRST_ROUTED_FRAME_SCRIPT = `(() => {
  const attach = () => {
    const map = window.__tripsMap;
    if (!map) return requestAnimationFrame(attach);
    const onRender = () => {
      if (map.querySourceFeatures(${JSON.stringify(TRIPS_SOURCE)}, { filter: ["==", ["get", "straight"], false] }).length === 0) return;
      map.off("render", onRender);
      requestAnimationFrame(() => { window.__firstRoutedFrame = performance.now(); });
    };
    map.on("render", onRender);
  };
  attach();
})();`;

const longestTaskUntil = async (page: Page, until: number) =>
  Math.round(
    Math.max(0, ...(await longTasks(page)).filter((task) => task.start <= until).map((task) => task.duration)),
  );

/** The login page, as a visitor opens it: ms from navigation start to the end of its load event. */
async function loginLoad(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/login`, { waitUntil: "load" });
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    return navigation ? navigation.loadEventEnd : Number.NaN;
  });
}

/**
 * The trips page to the map's first frame with routes, and to the draw of all `routes` settled: their times, and the
 * longest task before the first.
 */
async function tripsFirstFrame(
  page: Page,
  url: string,
  routes: number,
): Promise<{ ms: number; settledMs: number; task: number }> {
  await page.goto(url);
  await page
    .locator(`[data-testid="trips-map"][data-drawn-routes="${routes}"]`)
    .waitFor({ timeout: TIMEOUT_MS, state: "attached" });
  const { ms, settledMs } = await page.evaluate(() => {
    const last = performance.getEntriesByName("trips-map:draw").at(-1);
    const first = (window as unknown as { __firstRoutedFrame?: number }).__firstRoutedFrame;
    return { ms: first ?? Number.NaN, settledMs: last ? last.startTime + last.duration : Number.NaN };
  });
  return { ms: Math.round(ms), settledMs: Math.round(settledMs), task: await longestTaskUntil(page, ms) };
}

/** The empty all-trips map: the longest task of its load, up to the map's first idle frame. */
const emptyMapTask = async (page: Page, url: string) => longestTaskUntil(page, (await loadAllTrips(page, url)).ms);

export async function measureFirstFrame(
  browser: Browser,
  session: Session,
  tokenId: number,
  emptyTokenId: number,
): Promise<FirstFrameResults> {
  const { results } = await fetchTripPaths(session, tokenId, 1);
  const routes = results.filter((result) => result.kind === "route").length;
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const signedIn = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await signedIn.addCookies(session.jar.entries().map(([name, value]) => ({ name, value, url: session.baseUrl })));
    const login = await visitor.newPage();
    const page = await signedIn.newPage();
    await enableTestHooks(page);
    await observeLongTasks(page);
    await page.addInitScript({ content: FIRST_ROUTED_FRAME_SCRIPT });
    const tripsUrl = `${session.baseUrl}/vehicles/${tokenId}/trips`;
    const emptyUrl = `${session.baseUrl}/vehicles/${emptyTokenId}/trips/all`;
    // Warm-ups, not measured: the browser's cache, the dashboard's token, pages and routes of both vehicles.
    await loginLoad(login, session.baseUrl);
    await tripsFirstFrame(page, tripsUrl, routes);
    await emptyMapTask(page, emptyUrl);
    const loginLoadRuns: number[] = [];
    const firstFrameRuns: number[] = [];
    const settledRuns: number[] = [];
    const longestTaskRuns: number[] = [];
    const emptyLongestTaskRuns: number[] = [];
    for (let run = 0; run < LOADS; run++) {
      loginLoadRuns.push(Math.round(await loginLoad(login, session.baseUrl)));
      emptyLongestTaskRuns.push(await emptyMapTask(page, emptyUrl));
      const trips = await tripsFirstFrame(page, tripsUrl, routes);
      firstFrameRuns.push(trips.ms);
      settledRuns.push(trips.settledMs);
      longestTaskRuns.push(trips.task);
    }
    return {
      routes,
      firstFrame: summarize(firstFrameRuns),
      firstFrameRuns,
      settledRuns,
      longestTaskRuns,
      loginLoad: summarize(loginLoadRuns),
      loginLoadRuns,
      emptyLongestTaskRuns,
    };
  } finally {
    await visitor.close();
    await signedIn.close();
  }
}
