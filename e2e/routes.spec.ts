import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import type uPlot from "uplot";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { expect, test } from "./fixtures/test";
import { mapLines, routePaths } from "./fixtures/routes";
import { expectListPage, openTrips } from "./fixtures/trips";

/**
 * The trips map along the roads: each trip of a page drawn from its telemetry location history, as the dashboard's
 * paths route serves it (which in turn reads the sandbox's Telemetry API: lib/dimo/client.paths.test.ts).
 */

const CHICAGO_100 = VEHICLE_IDS.exactly100;

/**
 * The replay's moment on the trip's speed chart, read from the chart's own uPlot instance and canvas: the moment marked
 * (epoch ms), and the share of the plot's pixel column at that moment drawn in the marker's colour.
 */
async function replayMarker(page: Page): Promise<{ ms: number; drawn: number }> {
  const chart = page.getByTestId("trip-detail").getByTestId("history-chart");
  await expect(chart).toHaveAttribute("data-drawn", "true");
  return chart.evaluate((element) => {
    const chart = (element as HTMLElement & { uplot: uPlot }).uplot;
    const ms = Number(element.dataset.markerMs);
    const x = Math.round(chart.valToPos(ms / 1000, "x", true));
    const { top, height } = chart.bbox;
    const pixels = chart.ctx.getImageData(x, top, 1, height).data;
    const colour = getComputedStyle(element).getPropertyValue("--foreground").trim();
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
    let count = 0;
    for (let at = 0; at < pixels.length; at += 4) {
      const distance =
        Math.abs((pixels[at] ?? 0) - (r ?? 0)) +
        Math.abs((pixels[at + 1] ?? 0) - (g ?? 0)) +
        Math.abs((pixels[at + 2] ?? 0) - (b ?? 0));
      if (distance < 60 && (pixels[at + 3] ?? 0) > 128) count += 1;
    }
    return { ms, drawn: height > 0 ? count / height : 0 };
  });
}

test.describe("routes on the trips map", () => {
  test("draws every trip of a page along its route, with more than two points each", async ({ page }) => {
    await openTrips(page, CHICAGO_100);
    await expectListPage(page, 1);
    const map = page.getByTestId("trips-map");
    await expect(map).toHaveAttribute("data-drawn-routes", "100");
    await expect(page.getByTestId("legend-straight")).toHaveCount(0);

    const served = await routePaths(page, CHICAGO_100, 1);
    expect(served).toHaveLength(100);
    expect(served.every((result) => result.kind === "route" && result.path.coordinates.length > 2)).toBe(true);

    // Zoomed to fit the page, every trip's line is in the map's source, solid, and made of its route's points.
    const lines = await mapLines(page);
    expect(lines).toHaveLength(100);
    for (const line of lines) {
      expect(line.straight).toBe(false);
      expect(new Set(line.coordinates.map((point) => point.join(","))).size).toBeGreaterThan(2);
    }
    const rendered = await page.evaluate(
      () => window.__tripsMap?.queryRenderedFeatures({ layers: ["dash-trips-lines"] }).length ?? 0,
    );
    expect(rendered).toBeGreaterThan(50);
  });
});

test.describe("the selected trip", () => {
  test("is drawn by speed with its legend, both ends and a panel; the replay moves the marker and the URL keeps it", async ({
    page,
  }) => {
    await openTrips(page, CHICAGO_100);
    await expectListPage(page, 1);
    const tripId = (await page.getByTestId("trip-row").first().getAttribute("data-trip-id")) ?? "";
    await page.getByTestId("trip-row").first().click();
    await expect(page).toHaveURL(new RegExp(`trip=${tripId}`));
    const map = page.getByTestId("trips-map");
    await expect.poll(async () => Number(await map.getAttribute("data-selected-route-points"))).toBeGreaterThan(2);
    await expect(page.getByTestId("legend-speed")).toBeVisible();

    // Legs coloured by speed (speeds that differ), and the start and end markers both on screen.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const m = window.__tripsMap;
          if (!m) return null;
          const speeds = m
            .queryRenderedFeatures({ layers: ["dash-selected-legs"] })
            .map((feature) => Number(feature.properties.speed));
          return {
            legs: speeds.length,
            spread: speeds.length ? Math.max(...speeds) - Math.min(...speeds) : 0,
            starts: m.queryRenderedFeatures({ layers: ["dash-selected-start"] }).length,
            ends: m.queryRenderedFeatures({ layers: ["dash-selected-end"] }).length,
          };
        }),
      )
      .toMatchObject({ starts: 1, ends: 1 });
    const drawn = await page.evaluate(() => {
      const speeds =
        window.__tripsMap
          ?.queryRenderedFeatures({ layers: ["dash-selected-legs"] })
          .map((feature) => Number(feature.properties.speed)) ?? [];
      return { legs: speeds.length, spread: Math.max(...speeds) - Math.min(...speeds) };
    });
    expect(drawn.legs).toBeGreaterThan(2);
    expect(drawn.spread).toBeGreaterThan(10);

    const detail = page.getByTestId("trip-detail");
    await expect(detail.getByTestId("trip-fact-distance")).toContainText(/km/);
    await expect(detail.getByTestId("trip-fact-top")).toContainText(/km\/h/);

    // The trip's speed on the shared history chart: its axis from 0 in km/h, the replay's moment drawn across it.
    const speedChart = detail.getByTestId("history-chart");
    await expect(speedChart).toHaveAttribute("data-drawn", "true");
    const axis = await speedChart.evaluate((element) => {
      const chart = (element as HTMLElement & { uplot: uPlot }).uplot;
      return { yMin: chart.scales.y?.min, yLabel: chart.axes[1]?.label, buckets: chart.data[1]?.length ?? 0 };
    });
    expect(axis).toMatchObject({ yMin: 0, yLabel: "km/h" });
    expect(axis.buckets).toBeGreaterThan(2);
    await expect.poll(async () => (await replayMarker(page)).drawn).toBeGreaterThan(0.9);

    // Replay, from the keyboard: faster, play, then pause; the marker has moved and the URL holds the position. With
    // motion allowed, so the marker glides once a frame as most users see it.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const start = await map.getAttribute("data-replay-position");
    expect(start).toBeTruthy();
    await page.getByLabel("Speed").selectOption("60");
    await page.getByTestId("replay-toggle").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("replay-toggle")).toHaveAttribute("data-playing", "true");
    await expect.poll(() => map.getAttribute("data-replay-position")).not.toBe(start);
    // Played for seconds of the trip's time, so the paused position is past its first second.
    const markerMs = async () => (await replayMarker(page)).ms;
    const playedFrom = await markerMs();
    await expect.poll(markerMs).toBeGreaterThan(playedFrom + 2_000);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("replay-toggle")).toHaveAttribute("data-playing", "false");
    await expect(page).toHaveURL(/[?&]at=\d+/);
    const at = Number(new URL(page.url()).searchParams.get("at"));
    expect(at).toBeGreaterThan(0);
    const paused = await map.getAttribute("data-replay-position");
    // The chart redraws the marker where the replay paused.
    await expect.poll(async () => (await replayMarker(page)).drawn).toBeGreaterThan(0.9);
    const cursor = await markerMs();

    // The slider moves by the keyboard too, and the marker with it.
    await page.getByLabel("Replay position").focus();
    await page.keyboard.press("End");
    await expect.poll(() => map.getAttribute("data-replay-position")).not.toBe(paused);

    // A reload (or a shared link) at the paused position shows the marker and the cursor there.
    await page.goto(`/vehicles/${CHICAGO_100}/trips?trip=${tripId}&at=${at}`);
    await expect.poll(async () => Number(await map.getAttribute("data-selected-route-points"))).toBeGreaterThan(2);
    await expect(page.getByLabel("Replay position")).toHaveValue(String(at));
    const reloadedCursor = await replayMarker(page);
    expect(Math.abs(reloadedCursor.ms - cursor)).toBeLessThanOrEqual(1_000);
    await expect.poll(async () => (await replayMarker(page)).drawn).toBeGreaterThan(0.9);
    const reloaded = (await map.getAttribute("data-replay-position"))?.split(",").map(Number) ?? [];
    const before = paused?.split(",").map(Number) ?? [];
    // Within a second's drive of where it was paused (the URL keeps whole seconds): well under 0.001 degrees.
    expect(Math.abs((reloaded[0] ?? 0) - (before[0] ?? 0))).toBeLessThan(0.001);
    expect(Math.abs((reloaded[1] ?? 0) - (before[1] ?? 0))).toBeLessThan(0.001);
  });
});

test.describe("the page's GeoJSON export", () => {
  test("has one LineString per trip with every point of its route, and each point's time and speed", async ({
    page,
  }) => {
    await openTrips(page, CHICAGO_100);
    await expectListPage(page, 1);
    const served = await routePaths(page, CHICAGO_100, 1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-page-geojson").click(),
    ]);
    const collection = JSON.parse(await readFile(await download.path(), "utf8")) as {
      features: Array<{
        id: string;
        geometry: { type: string; coordinates: number[][] };
        properties: Record<string, unknown>;
      }>;
    };
    expect(collection.features).toHaveLength(100);
    for (const feature of collection.features) {
      const route = served.find((result) => result.tripId === feature.id);
      if (route?.kind !== "route") throw new Error(`trip ${feature.id} has no route`);
      expect(feature.geometry.type).toBe("LineString");
      expect(feature.geometry.coordinates).toEqual(route.path.coordinates);
      expect(feature.properties.route).toBe("telemetry");
      expect(feature.properties.pointTimes).toEqual(route.path.times.map((time) => new Date(time).toISOString()));
      expect((feature.properties.pointSpeedsKmh as unknown[]).length).toBe(route.path.coordinates.length);
    }
  });
});

test.describe("the offline basemap's streets", () => {
  test("draw the sandbox city's streets at city zoom, with no request leaving the machine", async ({ page }) => {
    const outside: string[] = [];
    page.on("request", (request) => {
      const host = new URL(request.url()).hostname;
      if (
        !["127.0.0.1", "localhost"].includes(host) &&
        !request.url().startsWith("data:") &&
        !request.url().startsWith("blob:")
      ) {
        outside.push(request.url());
      }
    });
    await openTrips(page, CHICAGO_100);
    await expectListPage(page, 1);
    const map = page.getByTestId("trips-map");
    await expect(map).toHaveAttribute("data-state", "ready");
    // Selecting a trip zooms to it; closer in, at street level, the local streets are drawn beside the arterials.
    await page.getByTestId("trip-row").first().click();
    await expect.poll(async () => Number(await map.getAttribute("data-selected-route-points"))).toBeGreaterThan(2);
    await expect
      .poll(() =>
        page.evaluate(
          () => window.__tripsMap?.queryRenderedFeatures({ layers: ["basemap-streets-arterial"] }).length ?? 0,
        ),
      )
      .toBeGreaterThan(0);
    await page.evaluate(() => window.__tripsMap?.jumpTo({ zoom: 14.5 }));
    await expect
      .poll(() =>
        page.evaluate(() => {
          const m = window.__tripsMap;
          return m && m.getZoom() >= 12 ? m.queryRenderedFeatures({ layers: ["basemap-streets-local"] }).length : 0;
        }),
      )
      .toBeGreaterThan(5);
    const drawn = await page.evaluate(() => ({
      local: window.__tripsMap?.queryRenderedFeatures({ layers: ["basemap-streets-local"] }).length ?? 0,
      zoom: window.__tripsMap?.getZoom() ?? 0,
    }));
    expect(drawn.zoom).toBeGreaterThanOrEqual(12);
    expect(drawn.local).toBeGreaterThan(5);
    expect(outside).toEqual([]);
  });
});
