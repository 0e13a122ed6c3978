import { type Page } from "@playwright/test";
import { expect, plainTest as base } from "./fixtures/test";
import { enableTestHooks } from "@/test-support/test-hooks";
import { TESLA } from "./fixtures/trips";

/**
 * The pages' test hooks (lib/test-hooks.ts) exist only for the browser tests and the benchmark: a page opened by a
 * person exposes no map on `window` and records no performance mark, and none of the scripts it loads writes a
 * `window.__` property of ours. With the flag the test runner sets, the same page exposes both.
 */

// The plain test, not the fixtures' page: that one turns the hooks on.
const test = base;

const HOOKS = [
  "__tripsMap",
  "__tripsMapBench",
  "__allTripsMap",
  "__allTripsMapBench",
  "__allTripsClusters",
  "__allTripsDensity",
  "__fleetMap",
  "__fleetClusters",
];
const OUR_MARKS = /^(trips-view|trips-map|all-trips|fleet)/;

async function openDrawnTripsMap(page: Page) {
  await page.goto(`/vehicles/${TESLA}/trips`);
  await expect(page.getByTestId("trips-map")).toHaveAttribute("data-drawn-count", "100");
}

async function exposed(page: Page) {
  return page.evaluate(
    ({ hooks, marks }) => ({
      hooks: hooks.filter((name) => name in window),
      marks: [...performance.getEntriesByType("mark"), ...performance.getEntriesByType("measure")]
        .map((entry) => entry.name)
        .filter((name) => new RegExp(marks).test(name)),
    }),
    { hooks: HOOKS, marks: OUR_MARKS.source },
  );
}

test("a page opened without the test flag exposes no hook, records no mark, and its scripts write no window.__ hook", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text().catch(() => ""));
  });
  await openDrawnTripsMap(page);
  expect(await exposed(page)).toEqual({ hooks: [], marks: [] });

  // The bundle itself: the map's chunk and the rest carry no assignment to one of our window hooks.
  expect(scripts.length).toBeGreaterThan(3);
  const bundle = scripts.join("\n");
  expect(bundle).toContain("maplibre");
  for (const hook of HOOKS) expect(bundle, hook).not.toContain(`window.${hook}`);
});

test("the same page with the test flag exposes the maps and records the speed marks", async ({ page }) => {
  await enableTestHooks(page);
  await openDrawnTripsMap(page);
  const { hooks, marks } = await exposed(page);
  expect(hooks).toEqual(["__tripsMap", "__tripsMapBench"]);
  expect(marks).toEqual(expect.arrayContaining(["trips-view:interactive", "trips-map:draw"]));
});
