import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { E2E_SANDBOX_URL } from "./fixtures/servers";
import { TESLA, expectListPage, openTrips } from "./fixtures/trips";
import { BASEMAP_LAYERS } from "@/components/map/basemap/builtin-style";
import { OPENFREEMAP_STYLE_URL } from "@/lib/config/map-style";
import { METROS } from "@/sandbox/seed/metros";
import { newAuthSecret, startDashboard } from "@/test-support/servers";
import { enableTestHooks } from "@/test-support/test-hooks";

/**
 * The basemap under the maps (components/map/use-base-map.ts, components/map/basemap/): in sandbox mode the built-in
 * one, which at the zoom a page opens at shows the city's streets and its name (trips, all trips, the Overview, the
 * fleet, the webhook editor's geofence); with a street style that cannot be reached, the built-in one again, with its
 * notice, and the trips drawn over it.
 */

const METRO_NAMES: string[] = Object.values(METROS).map((metro) => metro.name);
const STREET_LAYERS = [BASEMAP_LAYERS.arterials, BASEMAP_LAYERS.localStreets];

/** Waits for a map to be ready, pressing its preview's button if the page still asks for one. */
async function showMap(page: Page, map: Locator): Promise<void> {
  const button = page.getByRole("button", { name: "Show the interactive map" });
  await expect(map.or(button).first()).toBeAttached();
  if (await button.isVisible()) await button.click();
  await expect(map).toHaveAttribute("data-state", "ready");
}

/** What the basemap of the map inside `testId` drew in its last frame (null: no such map yet). */
function renderedBasemap(page: Page, testId = "trips-map") {
  return page.evaluate(
    ({ testId, streets, names, places }) => {
      const map = [...(window.__baseMaps ?? [])].find((candidate) =>
        candidate.getContainer().closest(`[data-testid="${testId}"]`),
      );
      if (!map) return null;
      return {
        zoom: map.getZoom(),
        basemap: map.getContainer().dataset.basemap,
        streets: map.queryRenderedFeatures({ layers: streets }).length,
        names: map.queryRenderedFeatures({ layers: names }).map((feature) => String(feature.properties.name)),
        places: map.queryRenderedFeatures({ layers: [places] }).map((feature) => String(feature.properties.name)),
      };
    },
    {
      testId,
      streets: STREET_LAYERS,
      names: [BASEMAP_LAYERS.arterialNames, BASEMAP_LAYERS.localNames],
      places: BASEMAP_LAYERS.places,
    },
  );
}

/** Waits until the map inside `testId` draws streets and, when asked, a city's name. */
async function expectStreets(page: Page, testId: string, withCityName: boolean): Promise<void> {
  await expect
    .poll(async () => {
      const drawn = await renderedBasemap(page, testId);
      return (
        drawn !== null &&
        drawn.streets > 0 &&
        (!withCityName || drawn.places.some((name) => METRO_NAMES.includes(name)))
      );
    })
    .toBe(true);
}

test("the trips page opens on the city's streets and its name, in the built-in basemap", async ({ page }) => {
  await openTrips(page, TESLA);
  await expectListPage(page, 1);
  const map = page.getByTestId("trips-map");
  await showMap(page, map);
  await expect(map).toHaveAttribute("data-drawn-count", "100");
  await expectStreets(page, "trips-map", true);
  const drawn = await renderedBasemap(page);
  expect(drawn?.basemap).toBe("builtin");
  // The zoom the page's trips open at: a city's worth, where only its main roads are drawn.
  expect(drawn?.zoom).toBeGreaterThan(8);
  test.info().annotations.push({ type: "initial zoom", description: drawn?.zoom.toFixed(2) ?? "" });
  await expect(page.getByTestId("basemap-notice")).toHaveCount(0);

  // Closer in, the other streets and the streets' names, in the site's font.
  await page.evaluate(() => window.__tripsMap?.jumpTo({ zoom: 15 }));
  await expect
    .poll(async () => {
      const closer = await renderedBasemap(page);
      return closer?.names.filter((name) => /^[A-Z][\w ]+ (Avenue|Boulevard|Street|Road)$/.test(name)).length ?? 0;
    })
    .toBeGreaterThan(2);
});

test("the all-trips map, the Overview's location and the fleet map draw the same basemap at the zoom they open at", async ({
  page,
}) => {
  await page.goto(`/vehicles/${TESLA}/trips/all`);
  await showMap(page, page.getByTestId("all-trips-map"));
  await expectStreets(page, "all-trips-map", true);

  await page.goto(`/vehicles/${TESLA}`);
  await showMap(page, page.getByTestId("location-map"));
  await expectStreets(page, "location-map", false);

  await page.goto("/fleet");
  const fleet = page.getByTestId("fleet-map");
  await fleet.scrollIntoViewIfNeeded();
  await showMap(page, fleet);
  // The whole country: the cities' names, no streets.
  await expect.poll(async () => new Set((await renderedBasemap(page, "fleet-map"))?.places).size).toBeGreaterThan(5);
  const fleetZoom = (await renderedBasemap(page, "fleet-map"))?.zoom;
  test.info().annotations.push({ type: "fleet zoom", description: String(fleetZoom?.toFixed(2)) });
});

test("the webhook editor's geofence map draws the metro's streets and their names by itself, once a location is chosen", async ({
  page,
}) => {
  await page.goto("/webhooks/new");
  const form = page.getByTestId("webhook-create-form");
  await form.getByLabel("Metric").selectOption("signals:vss.currentLocationCoordinates");
  const geofence = form.getByTestId("geofence-helper");
  // The circle opens on the vehicles' metro; the map draws it with no click of its own.
  await expect(geofence).toHaveAttribute("data-metro", "known");
  await expect(geofence.getByTestId("geofence-map")).toHaveAttribute("data-state", "ready");
  // A circle of a kilometre opens close in: the streets and their names, the metro's own name lying off the view.
  await expectStreets(page, "geofence-map", false);
  await expect.poll(async () => (await renderedBasemap(page, "geofence-map"))?.names.length ?? 0).toBeGreaterThan(0);
  const drawn = await renderedBasemap(page, "geofence-map");
  expect(drawn?.basemap).toBe("builtin");
  test.info().annotations.push({ type: "geofence zoom", description: drawn?.zoom.toFixed(2) ?? "" });
});

test("with its street style refused, a dashboard on OpenFreeMap draws the built-in basemap, says so once, and draws the trips", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dashboard = await startDashboard({
    sandboxUrl: E2E_SANDBOX_URL,
    authSecret: newAuthSecret(),
    env: { NEXT_PUBLIC_MAP_STYLE_URL: OPENFREEMAP_STYLE_URL },
  });
  const context = await browser.newContext({ baseURL: dashboard.url, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await enableTestHooks(page);
    const asked: string[] = [];
    // The style's host refuses every connection, as a firewall would.
    await context.route("https://tiles.openfreemap.org/**", async (route) => {
      asked.push(route.request().url());
      await route.abort("connectionrefused");
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(/\/vehicles$/);

    // The policy names the style's one host, for fetches and images alone.
    const response = await page.goto(`/vehicles/${TESLA}/trips`);
    const policy = response?.headers()["content-security-policy"] ?? "";
    const hosts = policy.match(/https?:\/\/[^\s;]+/g) ?? [];
    expect(hosts).toEqual(["https://tiles.openfreemap.org", "https://tiles.openfreemap.org"]);
    expect(policy).toMatch(/img-src [^;]*https:\/\/tiles\.openfreemap\.org/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/tiles\.openfreemap\.org/);

    const map = page.getByTestId("trips-map");
    await showMap(page, map);
    await expect(map).toHaveAttribute("data-drawn-count", "100");
    await expect(page.getByTestId("basemap-notice")).toHaveCount(1);
    await expect(page.getByTestId("basemap-notice")).toHaveText(/could not be reached/);
    expect(asked[0]).toBe("https://tiles.openfreemap.org/styles/positron");
    await expect
      .poll(async () => {
        const drawn = await renderedBasemap(page);
        return (
          drawn !== null && drawn.basemap === "fallback" && drawn.places.some((name) => METRO_NAMES.includes(name))
        );
      })
      .toBe(true);
    // The trips are on the map over it.
    const tripLayers = ["dash-trips-lines", "dash-trips-straight"];
    expect(
      await page.evaluate((layers) => window.__tripsMap?.queryRenderedFeatures({ layers }).length ?? 0, tripLayers),
    ).toBeGreaterThan(0);
  } finally {
    await context.close();
    await dashboard.stop();
  }
});
