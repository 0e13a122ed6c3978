import { sandboxControl } from "@/sandbox/control-client";
import { E2E_SANDBOX_URL } from "./fixtures/servers";
import { expect, test } from "./fixtures/test";
import { mapLines } from "./fixtures/routes";
import { expectListPage, openTrips } from "./fixtures/trips";

/**
 * A vehicle whose telemetry has no location for its trips: every trip falls back to the straight line, drawn dashed,
 * and the legend says what the dashes mean. No seeded vehicle is in that state (the Trips API and the location history
 * both need privilege 4, and every vehicle with trips sends locations), so the sandbox's Telemetry API is made to
 * answer every query with no rows, as it does for a vehicle that sent nothing. Alone: the fault is felt by every page.
 */

const control = sandboxControl(E2E_SANDBOX_URL);
const ROUTELESS_VEHICLE = 13004;

test.afterEach(async () => {
  await control.clearFaults();
});

test("trips without location signals are drawn as dashed straight lines, and the legend says so", async ({ page }) => {
  // The dashboard asks for up to ten trips' paths a request, as aliases p0 to p9: each comes back with no rows.
  const noRows = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`p${index}`, []]));
  await control.injectFault({
    method: "POST",
    path: "/telemetry/query",
    status: 200,
    body: { data: noRows },
    times: 0,
  });
  // A vehicle whose trips no other spec opens (its offers are the value spec's), so no route of it is kept by the
  // server from before: a kept route would be drawn whatever the telemetry answers now.
  await openTrips(page, ROUTELESS_VEHICLE, "?page=2");
  await expectListPage(page, 2);
  const map = page.getByTestId("trips-map");
  await expect(page.getByTestId("legend-straight")).toBeVisible();
  await expect(page.getByTestId("legend-straight")).toContainText("straight line: route not known");
  await expect(page.getByTestId("legend-routes-loading")).toHaveCount(0);
  await expect(map).toHaveAttribute("data-drawn-routes", "0");

  const lines = await mapLines(page);
  expect(lines.length).toBeGreaterThan(50);
  expect(lines.every((line) => line.straight)).toBe(true);
  // Drawn by the dashed layer, not the routes' solid one.
  const rendered = await page.evaluate(() => ({
    dashed: window.__tripsMap?.queryRenderedFeatures({ layers: ["dash-trips-straight"] }).length ?? 0,
    solid: window.__tripsMap?.queryRenderedFeatures({ layers: ["dash-trips-lines"] }).length ?? 0,
  }));
  expect(rendered.dashed).toBeGreaterThan(0);
  expect(rendered.solid).toBe(0);
  const dash = await page.evaluate(() => window.__tripsMap?.getPaintProperty("dash-trips-straight", "line-dasharray"));
  expect(dash).toEqual([2, 2]);

  // The selected trip's panel says why it has no route.
  await page.getByTestId("trip-row").first().click();
  await expect(page.getByTestId("trip-detail-status")).toContainText("no location signals during the trip");
});
