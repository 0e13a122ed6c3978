import type { Page } from "@playwright/test";

/**
 * The all-trips map panned and zoomed by hand (item 8): four drags from the map's centre and then four wheel zooms,
 * until the map is loaded and no longer moving. Every animation frame in that time is counted: the longest gap
 * between two frames is the longest the map stood still under the pointer. The caller reads the longest main-thread
 * task from `startedAt` on.
 */

/** The viewport the map is panned in: tall enough that every drag starts and ends inside it. */
export const PAN_VIEWPORT = { width: 1280, height: 1000 } as const;

// Each drag starts at the map's centre; outside the viewport the map would never hear the button go up.
const DRAGS = [
  [200, 0],
  [-150, 120],
  [0, -150],
  [-200, 80],
] as const;
const DRAG_STEPS = 12;
const WHEEL_ZOOMS = 4;
const WHEEL_DELTA_Y = -300;
const SETTLE_TIMEOUT_MS = 120_000;

export interface PanResult {
  /** When the first drag started, in ms of the page's document. */
  startedAt: number;
  /** From the first drag to the map settled. */
  ms: number;
  /** The longest time between two animation frames in between. */
  frameGapMs: number;
}

type FrameCounter = { __benchFrames: number[]; __benchCountFrames: boolean };

export async function panAndZoom(page: Page): Promise<PanResult> {
  const mapElement = page.getByTestId("all-trips-map");
  await mapElement.scrollIntoViewIfNeeded();
  const box = await mapElement.boundingBox();
  if (!box) throw new Error("no all-trips map on the page");
  const zoomBefore = await page.evaluate(() => window.__allTripsMap?.getZoom() ?? Number.NaN);
  // No named functions inside: the bench runs through tsx, whose helper for function names the page lacks.
  const startedAt = await page.evaluate(() => {
    const counter = window as unknown as FrameCounter;
    counter.__benchFrames = [];
    counter.__benchCountFrames = true;
    void (async () => {
      while (counter.__benchCountFrames)
        counter.__benchFrames.push(await new Promise<number>((resolve) => requestAnimationFrame(resolve)));
    })();
    return performance.now();
  });
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  for (const [dx, dy] of DRAGS) {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + dx, centre.y + dy, { steps: DRAG_STEPS });
    await page.mouse.up();
  }
  for (let zoom = 0; zoom < WHEEL_ZOOMS; zoom++) await page.mouse.wheel(0, WHEEL_DELTA_Y);
  // Settled: loaded and not moving, once the wheel has zoomed (before its first frame the map is not moving yet).
  await page.waitForFunction(
    ({ zoomBefore }) => {
      const map = window.__allTripsMap;
      return Boolean(map && map.getZoom() !== zoomBefore && map.loaded() && !map.isMoving());
    },
    { zoomBefore },
    { timeout: SETTLE_TIMEOUT_MS, polling: 16 },
  );
  const { endedAt, frames } = await page.evaluate(() => {
    const counter = window as unknown as FrameCounter;
    counter.__benchCountFrames = false;
    return { endedAt: performance.now(), frames: counter.__benchFrames };
  });
  const frameGapMs = Math.max(0, ...frames.slice(1).map((time, i) => time - (frames[i] ?? time)));
  return { startedAt, ms: Math.round(endedAt - startedAt), frameGapMs: Math.round(frameGapMs) };
}
