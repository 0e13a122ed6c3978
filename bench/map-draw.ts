import type { Trip } from "@/lib/models";
import { enableTestHooks } from "@/test-support/test-hooks";
import { launchChromium } from "./browser";
import { type Session, fetchTripsPage } from "./dashboard-client";
import { type FirstFrameResults, measureFirstFrame } from "./map-first-frame";
import { type Summary, summarize } from "./stats";
import { sized } from "./size";

/**
 * Item 4: how long the trips map takes to draw 1,000 and 10,000 trips once the data is in the page, in Chromium.
 * The trips are real: pages of the 100,000-trip vehicle loaded through the dashboard's own trips route. They are
 * handed to the map component's draw path (`window.__tripsMapBench.draw`, the same function that draws each page),
 * which times from receiving the trips to the map's next `idle` event (performance measure `trips-map:draw`). Beside
 * them, the same path drawing no trips on the same map: one frame of it, the baseline the draws are compared with.
 * Then, in the same browser, the trips page as a person opens it, the map loading by itself (map-first-frame.ts).
 */

export interface MapDrawResults {
  tokenId: number;
  runs: Record<string, number[]>;
  draw1k: Summary;
  draw10k: Summary;
  /** Draws of no trips through the same path, one before each measured draw: the map's own frame. */
  drawEmpty: Summary;
  /** The page's own first draw (its 100 trips), for reference. */
  firstPageDrawMs: number | null;
  /** When the trips list became usable, from navigation start (`trips-view:interactive`). */
  interactiveMs: number | null;
  /** The trips page's own load to the map's first frame with its routes, beside the login page's load. */
  firstFrame: FirstFrameResults;
}

const PAGE_SIZE = 100;
// Six draws of 1,000 and three of 10,000, mixed, each after the map was put back to one page of trips (below).
const PLAN = sized([1_000, 10_000, 1_000, 1_000, 10_000, 1_000, 1_000, 10_000, 1_000], [1_000]);
const DRAW_TIMEOUT_MS = 60_000;

async function loadTrips(session: Session, tokenId: number, count: number): Promise<unknown[]> {
  const pages = Math.ceil(count / PAGE_SIZE);
  const trips: unknown[][] = new Array<unknown[]>(pages);
  let next = 1;
  const worker = async () => {
    for (let page = next++; page <= pages; page = next++)
      trips[page - 1] = (await fetchTripsPage(session, tokenId, page)).trips;
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const all = trips.flat();
  if (all.length < count) throw new Error(`vehicle ${tokenId} has only ${all.length} trips, ${count} were needed`);
  return all.slice(0, count);
}

/** `emptyTokenId`: a vehicle with no trips, whose all-trips map is the empty map the first frame's task is compared with. */
export async function measureMapDraw(session: Session, tokenId: number, emptyTokenId: number): Promise<MapDrawResults> {
  const trips = await loadTrips(session, tokenId, Math.max(...PLAN));
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(session.jar.entries().map(([name, value]) => ({ name, value, url: session.baseUrl })));
    const page = await context.newPage();
    // The trips map records its draw times and exposes its draw path only to a page opened with the test hooks on.
    await enableTestHooks(page);
    await page.goto(`${session.baseUrl}/vehicles/${tokenId}/trips`);
    await page.locator('[data-testid="trips-map"][data-drawn-count]').waitFor({ timeout: DRAW_TIMEOUT_MS });
    const reference = await page.evaluate(() => ({
      firstDraw: performance.getEntriesByName("trips-map:draw")[0]?.duration ?? null,
      interactive: performance.getEntriesByName("trips-view:interactive")[0]?.startTime ?? null,
    }));

    const draw = (data: unknown[]) =>
      page.evaluate(
        async ({ data, timeoutMs }) => {
          const bench = window.__tripsMapBench;
          if (!bench) throw new Error("the trips map exposes no benchmark hook");
          const timeout = new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error("the map never became idle")), timeoutMs),
          );
          return Promise.race([bench.draw(data as Trip[]), timeout]);
        },
        { data, timeoutMs: DRAW_TIMEOUT_MS },
      );
    const runs: Record<string, number[]> = {};
    const emptyRuns: number[] = [];
    for (const count of PLAN) {
      // Start each draw from what the page shows, one page of trips, so that no draw pays for clearing a larger
      // one before it (that cost lands in this unmeasured draw); the empty one too.
      await draw(trips.slice(0, PAGE_SIZE));
      emptyRuns.push(await draw([]));
      await draw(trips.slice(0, PAGE_SIZE));
      (runs[String(count)] ??= []).push(await draw(trips.slice(0, count)));
    }
    await context.close();
    const firstFrame = await measureFirstFrame(browser, session, tokenId, emptyTokenId);
    return {
      tokenId,
      runs,
      draw1k: summarize(runs["1000"] ?? []),
      draw10k: summarize(runs["10000"] ?? []),
      drawEmpty: summarize(emptyRuns),
      firstPageDrawMs: reference.firstDraw,
      interactiveMs: reference.interactive,
      firstFrame,
    };
  } finally {
    await browser.close();
  }
}
