import type { Trip, TripPathResult } from "@/lib/models";
import { sandboxControl } from "@/sandbox/control-client";
import { enableTestHooks } from "@/test-support/test-hooks";
import { launchChromium } from "./browser";
import { type Session, fetchTripPaths, fetchTripsPage } from "./dashboard-client";
import { type Summary, summarize } from "./stats";
import { sized } from "./size";

/**
 * Item 8: the trips map's routes. Loading: a page of 100 trips' routes through the dashboard's paths route
 * (`GET /api/vehicles/N/trips/paths?page=P`, read to the end), cold (pages this dashboard never served: every path
 * from the Telemetry API) and warm (the same pages again: kept paths), with the sandbox's count of telemetry requests
 * each cost. Drawing: a page of 100 routed trips handed to the trips map's draw path in Chromium, from the data to the
 * map's idle (the same measure as item 4), beside the same path drawing no trips on the same map (its baseline).
 */

export interface RouteLoad {
  ms: number;
  telemetryRequests: number;
  points: number;
  routes: number;
}

export interface TripRoutesResults {
  tokenId: number;
  cold: RouteLoad[];
  warm: RouteLoad[];
  coldMs: Summary;
  warmMs: Summary;
  draw100Routed: Summary;
  drawRuns: number[];
  /** Draws of no trips through the same path on the same map, one before each measured draw. */
  drawEmpty: Summary;
}

async function measureLoad(session: Session, sandboxUrl: string, tokenId: number, page: number): Promise<RouteLoad> {
  const control = sandboxControl(sandboxUrl);
  const count = async () => (await control.stats()).routes["POST /telemetry/query"] ?? 0;
  const before = await count();
  const { results, ms } = await fetchTripPaths(session, tokenId, page);
  const routed = results.filter((result) => result.kind === "route");
  return {
    ms: Math.round(ms),
    telemetryRequests: (await count()) - before,
    routes: routed.length,
    points: routed.reduce((sum, result) => sum + (result.kind === "route" ? result.path.coordinates.length : 0), 0),
  };
}

const DRAWS = sized(7, 1);

export async function measureTripRoutes(
  session: Session,
  sandboxUrl: string,
  tokenId: number,
): Promise<TripRoutesResults> {
  const pages = [2, 3, 4];
  const cold: RouteLoad[] = [];
  for (const page of pages) cold.push(await measureLoad(session, sandboxUrl, tokenId, page));
  const warm: RouteLoad[] = [];
  for (const page of pages) warm.push(await measureLoad(session, sandboxUrl, tokenId, page));

  const trips = (await fetchTripsPage(session, tokenId, 2)).trips as Trip[];
  const { results: paths } = await fetchTripPaths(session, tokenId, 2);
  const browser = await launchChromium();
  const drawRuns: number[] = [];
  const emptyRuns: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(session.jar.entries().map(([name, value]) => ({ name, value, url: session.baseUrl })));
    const page = await context.newPage();
    await enableTestHooks(page);
    await page.goto(`${session.baseUrl}/vehicles/${tokenId}/trips`);
    await page.locator('[data-testid="trips-map"][data-drawn-routes="100"]').waitFor({ timeout: 60_000 });
    for (let i = 0; i < DRAWS; i++) {
      const empty = await page.evaluate(() => {
        const bench = window.__tripsMapBench;
        if (!bench) throw new Error("the trips map exposes no benchmark hook");
        return bench.draw([]);
      });
      emptyRuns.push(Math.round(empty));
      // From one page of straight lines to the routed page, as when the routes arrive.
      await page.evaluate((data) => window.__tripsMapBench?.draw(data as Trip[]), trips);
      drawRuns.push(
        Math.round(
          await page.evaluate(
            ({ data, routes }) => window.__tripsMapBench?.draw(data as Trip[], routes as TripPathResult[]) ?? -1,
            { data: trips, routes: paths },
          ),
        ),
      );
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return {
    tokenId,
    cold,
    warm,
    coldMs: summarize(cold.map((load) => load.ms)),
    warmMs: summarize(warm.map((load) => load.ms)),
    draw100Routed: summarize(drawRuns),
    drawRuns,
    drawEmpty: summarize(emptyRuns),
  };
}
