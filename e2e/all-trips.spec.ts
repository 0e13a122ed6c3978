import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import Supercluster from "supercluster";
import { CLUSTERING } from "@/components/map/gl/clustering";
import { followCallLink } from "./fixtures/activity";
import { sandboxApi } from "./fixtures/sandbox-api";
import { expect, test } from "./fixtures/test";
import { type SandboxTrip, TESLA, renderedTripCount, sandboxTrips } from "./fixtures/trips";

/**
 * The all-trips map of the 2,500-trip vehicle, read through the MapLibre instance and checked against what the
 * sandbox itself serves: counts drawn on the clusters with nothing fetched from outside the machine, the density
 * and lines views, a cluster's list of trips, and the time window (count, map, export, reload).
 */

// Custom days are local days: in UTC they can be computed here the same way.
test.use({ timezoneId: "UTC" });

const LAYERS = {
  clusters: "dash-all-trips-clusters",
  density: "dash-all-trips-density",
  lines: "dash-all-trips-lines",
};

type Located = SandboxTrip & { start: { estimatedLocation?: { latitude: number; longitude: number } } };

let everyTrip: Promise<Located[]> | undefined;
/** Every trip of the vehicle as the sandbox pages it, newest first, with the page each is on. */
function allSandboxTrips(): Promise<Located[]> {
  everyTrip ??= (async () => {
    const first = await sandboxTrips(TESLA, 1);
    const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => sandboxTrips(TESLA, i + 2)));
    return [first, ...rest].flatMap((page) => page.trips as Located[]);
  })();
  return everyTrip;
}

/** Where the map puts a trip: its own start fix, else the estimate; null when it has neither (not drawn). */
const startOf = (trip: Located) => trip.start.location ?? trip.start.estimatedLocation ?? null;

/** The sandbox's drawn trips' starts, as the stream sends them (five decimals), grouped the way the map is told to. */
async function sandboxStartsClustered(): Promise<Supercluster> {
  const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
  const points = (await allSandboxTrips()).flatMap((trip) => {
    const start = startOf(trip);
    return start
      ? [
          {
            type: "Feature" as const,
            properties: {},
            geometry: { type: "Point" as const, coordinates: [round5(start.longitude), round5(start.latitude)] },
          },
        ]
      : [];
  });
  return new Supercluster(CLUSTERING).load(points);
}

/**
 * The starts of the cluster drawn at `at` when the map groups every drawn trip at `zoom`, from the sandbox's trips
 * grouped here (sandboxStartsClustered).
 */
async function clusterLeaves(at: [number, number], zoom: number): Promise<Array<[number, number]>> {
  const index = await sandboxStartsClustered();
  const clusters = index.getClusters([-180, -85, 180, 85], zoom).filter((feature) => "cluster" in feature.properties);
  const away = ({ geometry }: { geometry: GeoJSON.Point }) =>
    Math.hypot((geometry.coordinates[0] ?? 0) - at[0], (geometry.coordinates[1] ?? 0) - at[1]);
  const nearest = clusters.sort((a, b) => away(a) - away(b))[0];
  // The map's clusters are the worker's, from the same points; clusters are 48 pixels apart or more.
  if (nearest && away(nearest) > 1e-3) throw new Error("the map drew a cluster the sandbox's trips do not make");
  if (!nearest || !("cluster_id" in nearest.properties)) throw new Error("no cluster there");
  return index
    .getLeaves(nearest.properties.cluster_id, Infinity)
    .map((leaf) => leaf.geometry.coordinates as [number, number]);
}

/**
 * How many of the map's pixels a layer changes: a frame drawn with it against the same frame without it, each read
 * from the map's drawing buffer as soon as it is drawn (a screenshot may catch an older frame while a busy machine
 * rasterises). The layer is shown again after.
 */
function pixelsLayerChanges(page: Page, layer: string): Promise<number> {
  return page.evaluate(
    (layer) =>
      new Promise<number>((resolve) => {
        const map = window.__allTripsMap;
        const gl = map?.getCanvas().getContext("webgl2");
        if (!map || !gl) throw new Error("no all-trips map");
        const frames: Uint8Array[] = [];
        const drawWith = (visibility: "visible" | "none") => {
          map.setLayoutProperty(layer, "visibility", visibility);
          map.once("render", () => {
            const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
            gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
            frames.push(pixels);
            if (visibility === "visible") return drawWith("none");
            map.setLayoutProperty(layer, "visibility", "visible");
            const [withLayer, without] = frames;
            let differ = 0;
            for (let i = 0; withLayer && without && i < withLayer.length; i += 4)
              if (
                withLayer[i] !== without[i] ||
                withLayer[i + 1] !== without[i + 1] ||
                withLayer[i + 2] !== without[i + 2]
              )
                differ++;
            resolve(differ);
          });
          map.triggerRepaint();
        };
        drawWith("visible");
      }),
    layer,
  );
}

async function openAllTrips(page: Page, query = ""): Promise<void> {
  await page.goto(`/vehicles/${TESLA}/trips/all${query}`);
  await expect(page.getByTestId("all-trips-view")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
}

test.describe("all trips: reading the map", () => {
  test("clusters carry their counts as text, drawn with the font the site serves, and nothing leaves the machine", async ({
    page,
  }) => {
    const outside: string[] = [];
    const fonts: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && !["data:", "blob:"].includes(url.protocol))
        outside.push(request.url());
      // The map's own font and glyph files (the page's text fonts come from /_next/ with or without a map).
      if (url.pathname.endsWith(".pbf") || url.pathname.startsWith("/basemap/fonts/")) fonts.push(url.pathname);
    });
    await openAllTrips(page);
    const points = Number(await page.getByTestId("all-trips-view").getAttribute("data-points"));
    await expect.poll(() => renderedTripCount(page)).toBe(points);

    // The counts were drawn with the circles (from the font's glyphs, once it loaded), each the cluster's own.
    await expect.poll(() => page.evaluate(() => window.__allTripsClusters?.drawn().labelled)).toBe(true);
    const clusters = await page.evaluate(
      () => window.__allTripsClusters?.drawn().marks.filter((mark) => mark.clusterId !== null) ?? [],
    );
    expect(clusters.length).toBeGreaterThan(0);
    // As supercluster abbreviates them: 999, 1.2k, 12k.
    const abbreviated = (n: number) =>
      n >= 10_000 ? `${Math.round(n / 1_000)}k` : n >= 1_000 ? `${Math.round(n / 100) / 10}k` : String(n);
    for (const mark of clusters) expect(mark.label).toBe(abbreviated(mark.count));
    // And they are pixels: across the largest circle, its fill colour around a count's white strokes. Read from the
    // map's drawing buffer as soon as a frame is drawn (a screenshot may catch an older frame on a busy machine).
    const largest = clusters.sort((a, b) => b.count - a.count)[0];
    if (!largest) throw new Error("no cluster drawn");
    const pixels = await page.evaluate(
      ({ x, y, radius }) =>
        new Promise<{ white: number; coloured: number }>((resolve) => {
          const map = window.__allTripsMap;
          const gl = map?.getCanvas().getContext("webgl2");
          if (!map || !gl) throw new Error("no all-trips map");
          map.once("render", () => {
            const ratio = map.getPixelRatio();
            const half = Math.floor(radius * 0.8 * ratio);
            const size = 2 * half + 1;
            const row = Math.round(gl.drawingBufferHeight - y * ratio);
            const pixels = new Uint8Array(size * size * 4);
            gl.readPixels(Math.round(x * ratio) - half, row - half, size, size, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
            let white = 0;
            let coloured = 0;
            for (let i = 0; i < pixels.length; i += 4) {
              const [r = 0, g = 0, b = 0] = pixels.subarray(i, i + 3);
              if (r > 235 && g > 235 && b > 235) white++;
              else if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
            }
            resolve({ white, coloured });
          });
          map.triggerRepaint();
        }),
      largest,
    );
    expect(pixels.white).toBeGreaterThan(10);
    expect(pixels.coloured).toBeGreaterThan(pixels.white);
    // The counts' font, and the basemap's labels' glyph ranges made from the same font (its city names).
    expect(fonts.filter((path) => !path.endsWith(".pbf"))).toEqual(["/basemap/fonts/geist-semibold.woff2"]);
    for (const path of fonts)
      expect(path).toMatch(/^\/basemap\/fonts\/(geist-semibold\.woff2|geist-[a-z]+\/\d+-\d+\.pbf)$/);
    await expect(page.getByTestId("all-trips-legend")).toContainText("10,000+");
    expect(outside).toEqual([]);
  });

  test("the density toggle draws the starts and ends as a heatmap, and the URL keeps the view", async ({ page }) => {
    // Every drawn trip's start, and its end when it has one: what the heatmap's points weigh in all.
    const trips = (await allSandboxTrips()).filter((trip) => startOf(trip) !== null);
    const weight =
      trips.length + trips.filter((trip) => trip.end.location && Number.isFinite(trip.end.location.latitude)).length;
    await openAllTrips(page);
    await page.getByTestId("all-trips-view-density").click();
    await expect(page.getByTestId("all-trips-view-density")).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/view=density/);
    await expect(page.getByTestId("all-trips-legend")).toHaveAttribute("data-view", "density");
    const drawn = () => page.evaluate(() => window.__allTripsDensity?.drawn() ?? { points: -1, weight: -1 });
    // Grouped where points fall within a few pixels (a vehicle starts and ends most trips at a few places): fewer
    // points than starts and ends, weighing every one of them once.
    await expect.poll(async () => (await drawn()).weight).toBe(weight);
    expect((await drawn()).points).toBeGreaterThan(1);
    expect((await drawn()).points).toBeLessThan(weight);
    expect(
      await page.evaluate((layers) => window.__allTripsMap?.getLayoutProperty(layers.clusters, "visibility"), LAYERS),
    ).toBe("none");
    // The density is pixels on the map: a frame with it differs from the same frame without it.
    expect(await pixelsLayerChanges(page, LAYERS.density)).toBeGreaterThan(1_000);

    await page.reload();
    await expect(page.getByTestId("all-trips-view-density")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("all-trips-view-clusters").click();
    await expect(page).not.toHaveURL(/view=density/);
  });

  test("a style that replaces the map's (a themed street style, on a theme switch) gets every view's layer back", async ({
    page,
  }) => {
    await openAllTrips(page);
    const points = Number(await page.getByTestId("all-trips-view").getAttribute("data-points"));
    await expect.poll(() => renderedTripCount(page)).toBe(points);
    // What a configured street style with {theme} in its URL does on a theme switch (use-base-map.ts): a whole new
    // style, which cannot hold the views' own WebGL layers.
    const layersAfterRestyle = await page.evaluate(
      (layers) =>
        new Promise<boolean[]>((resolve) => {
          const map = window.__allTripsMap;
          if (!map) throw new Error("no all-trips map");
          const style = map.getStyle();
          map.once("style.load", () => resolve(Object.values(layers).map((id) => Boolean(map.getLayer(id)))));
          map.setStyle(style, { diff: false });
        }),
      LAYERS,
    );
    // Gone with the old style: what follows is the page putting them back, not a style that kept them.
    expect(layersAfterRestyle).toEqual([false, false, false]);
    await expect
      .poll(() =>
        page.evaluate(
          (layers) => Object.values(layers).map((id) => Boolean(window.__allTripsMap?.getLayer(id))),
          LAYERS,
        ),
      )
      .toEqual([true, true, true]);
    await expect.poll(() => renderedTripCount(page)).toBe(points);
    expect(await pixelsLayerChanges(page, LAYERS.clusters)).toBeGreaterThan(100);
    await page.getByTestId("all-trips-view-density").click();
    await expect.poll(() => page.evaluate(() => window.__allTripsDensity?.drawn().points ?? 0)).toBeGreaterThan(1);
    expect(await pixelsLayerChanges(page, LAYERS.density)).toBeGreaterThan(1_000);
    await page.getByTestId("all-trips-view-lines").click();
    await expect.poll(() => page.evaluate(() => window.__allTripsMapBench?.linesDrawn() ?? -1)).toBeGreaterThan(1_000);
    expect(await pixelsLayerChanges(page, LAYERS.lines)).toBeGreaterThan(1_000);
  });

  test("the lines view draws one straight line a trip with both ends, follows the window, and the URL keeps it", async ({
    page,
  }) => {
    const trips = await allSandboxTrips();
    const hasEnd = (trip: Located) => Boolean(trip.end.location && Number.isFinite(trip.end.location.latitude));
    const withBothEnds = trips.filter((trip) => startOf(trip) !== null && hasEnd(trip));
    expect(withBothEnds.length).toBeGreaterThan(1_000);
    const linesDrawn = () => page.evaluate(() => window.__allTripsMapBench?.linesDrawn() ?? -1);

    await openAllTrips(page);
    await page.getByTestId("all-trips-view-lines").click();
    await expect(page.getByTestId("all-trips-view-lines")).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/view=lines/);
    await expect(page.getByTestId("all-trips-legend")).toHaveAttribute("data-view", "lines");
    await expect.poll(linesDrawn).toBe(withBothEnds.length);
    expect(
      await page.evaluate((layers) => window.__allTripsMap?.getLayoutProperty(layers.clusters, "visibility"), LAYERS),
    ).toBe("none");

    // The lines are pixels on the map: a frame drawn with them differs from the same frame without them.
    const changed = await pixelsLayerChanges(page, LAYERS.lines);
    expect(changed).toBeGreaterThan(1_000);

    // The last 30 days (of the page's clock): only their trips are drawn.
    const since = Date.now() - 30 * 86_400_000;
    const recent = withBothEnds.filter((trip) => Date.parse(trip.start.time) >= since).length;
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(withBothEnds.length);
    await page.getByTestId("time-window-30d").click();
    await expect.poll(linesDrawn).toBe(recent);

    await page.reload();
    await expect(page.getByTestId("all-trips-view")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(page.getByTestId("all-trips-view-lines")).toHaveAttribute("aria-pressed", "true");
    await expect.poll(linesDrawn).toBe(recent);
  });

  test("a click in the lines view lists exactly the trips whose lines cross there", async ({ page }) => {
    // Tall enough that the whole map is on screen, where the mouse can reach every line.
    await page.setViewportSize({ width: 1280, height: 1400 });
    const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
    const drawn = (await allSandboxTrips()).flatMap((trip) => {
      const start = startOf(trip);
      const end = trip.end.location;
      if (!start || !end || !Number.isFinite(end.latitude)) return [];
      // As the stream sends them (five decimals).
      return [
        {
          id: trip.id,
          from: [round5(start.longitude), round5(start.latitude)],
          to: [round5(end.longitude), round5(end.latitude)],
        },
      ];
    });
    await openAllTrips(page);
    await page.getByTestId("all-trips-view-lines").click();
    await expect.poll(() => page.evaluate(() => window.__allTripsMapBench?.linesDrawn() ?? -1)).toBe(drawn.length);
    await page.getByTestId("all-trips-map").scrollIntoViewIfNeeded();

    // Every line on screen, through the map's own projection, and each trip's distance from a point of the canvas.
    const { canvas, onScreen } = await page.evaluate((lines) => {
      const map = window.__allTripsMap;
      if (!map) throw new Error("no all-trips map");
      const box = map.getCanvas().getBoundingClientRect();
      const project = (lngLat: number[]) => map.project([lngLat[0] ?? 0, lngLat[1] ?? 0]);
      return {
        canvas: { left: box.left, top: box.top, width: box.width, height: box.height },
        onScreen: lines.map((line) => ({ id: line.id, from: project(line.from), to: project(line.to) })),
      };
    }, drawn);
    type Point = { x: number; y: number };
    const distance = (p: Point, a: Point, b: Point) => {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const length = dx * dx + dy * dy;
      const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
      return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
    };
    const within = (p: Point, px: number) =>
      onScreen.filter((line) => distance(p, line.from, line.to) <= px).map((line) => line.id);
    // The middle of a line, clear of the legend and the zoom buttons, where the fewest other lines cross (a few of the
    // vehicle's trips run between the same two places).
    const clear = ({ x, y }: Point) => x > 60 && y > 60 && x < canvas.width - 60 && y < canvas.height - 200;
    const spot = onScreen
      .map((line) => ({ x: (line.from.x + line.to.x) / 2, y: (line.from.y + line.to.y) / 2 }))
      .filter(clear)
      .map((point) => ({ point, crossing: within(point, 4.5).length }))
      .sort((a, b) => a.crossing - b.crossing)[0];
    if (!spot) throw new Error("no line clear of the controls");
    // Lines a pixel either side of the 4 px the map picks within: these must be listed, and none beyond those.
    const surely = within(spot.point, 3.5);
    const maybe = within(spot.point, 4.5);
    expect(surely.length).toBeGreaterThan(0);
    expect(maybe.length).toBeLessThanOrEqual(200);

    await page.mouse.click(canvas.left + spot.point.x, canvas.top + spot.point.y);
    const list = page.getByTestId("cluster-trips");
    await expect(list).toHaveAttribute("data-kind", "lines");
    const total = Number(await list.getAttribute("data-total"));
    expect(total).toBeGreaterThanOrEqual(surely.length);
    expect(total).toBeLessThanOrEqual(maybe.length);
    await expect(list.getByRole("heading")).toHaveText(
      total === 1 ? "1 trip's line crosses here" : `${total} trips' lines cross here`,
    );
    const ids = await list
      .getByTestId("cluster-trip")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-trip-id") ?? ""));
    expect(ids).toHaveLength(total);
    expect(ids.filter((id) => !maybe.includes(id))).toEqual([]);
    expect(surely.filter((id) => !ids.includes(id))).toEqual([]);
  });

  test("an Alt+click on a small cluster lists exactly the trips it holds, with links to their page", async ({
    page,
  }) => {
    // Tall enough that the whole map is on screen, where the mouse can reach every cluster.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await openAllTrips(page);
    await page.getByTestId("all-trips-map").scrollIntoViewIfNeeded();
    const points = Number(await page.getByTestId("all-trips-view").getAttribute("data-points"));
    await expect.poll(() => renderedTripCount(page)).toBe(points);
    // The smallest cluster on screen, where it is drawn, and the zoom it was grouped at.
    const cluster = await page.evaluate(() => {
      const map = window.__allTripsMap;
      if (!map) throw new Error("no all-trips map");
      const canvas = map.getCanvas().getBoundingClientRect();
      const smallest = (window.__allTripsClusters?.drawn().marks ?? [])
        .filter((mark) => mark.clusterId !== null)
        // Clear of the legend (bottom left) and the zoom buttons (top right).
        .filter(
          ({ x, y }) =>
            x > 60 &&
            y > 60 &&
            x < canvas.width - 60 &&
            y < canvas.height - 200 &&
            canvas.top + y < window.innerHeight - 10,
        )
        .sort((a, b) => a.count - b.count)[0];
      if (!smallest) throw new Error("no cluster clear of the controls");
      return {
        count: smallest.count,
        at: [smallest.lng, smallest.lat] as [number, number],
        zoom: Math.floor(map.getZoom()),
        x: canvas.left + smallest.x,
        y: canvas.top + smallest.y,
      };
    });
    expect(cluster.count).toBeLessThanOrEqual(200);
    const leaves = await clusterLeaves(cluster.at, cluster.zoom);
    expect(leaves).toHaveLength(cluster.count);

    await page.keyboard.down("Alt");
    await page.mouse.click(cluster.x, cluster.y);
    await page.keyboard.up("Alt");
    const list = page.getByTestId("cluster-trips");
    await expect(list).toHaveAttribute("data-total", String(cluster.count));
    const rows = list.getByTestId("cluster-trip");
    await expect(rows).toHaveCount(cluster.count);

    // Exactly its trips: each listed trip's start, as the sandbox serves it, is one of the cluster's points.
    const ids = await rows.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("data-trip-id") ?? ""),
    );
    expect(new Set(ids).size).toBe(cluster.count);
    const trips = await allSandboxTrips();
    const byId = new Map(trips.map((trip, index) => [trip.id, { trip, index }]));
    const unmatched = [...leaves];
    for (const id of ids) {
      const found = byId.get(id);
      const start = found ? startOf(found.trip) : null;
      if (!start) throw new Error(`listed trip ${id} is not a drawn trip of the vehicle`);
      const distance = ([lng, lat]: [number, number]) => Math.hypot(lng - start.longitude, lat - start.latitude);
      const nearest = unmatched.reduce(
        (best, leaf, i) => (distance(leaf) < distance(unmatched[best] ?? leaf) ? i : best),
        0,
      );
      expect(distance(unmatched[nearest] ?? [Infinity, Infinity])).toBeLessThan(0.0005);
      unmatched.splice(nearest, 1);
    }
    expect(unmatched).toEqual([]);

    // Each links to its trips page with the trip selected.
    const first = byId.get(ids[0] ?? "");
    if (!first) throw new Error("the first listed trip is not the vehicle's");
    await expect(rows.first().getByRole("link")).toHaveAttribute(
      "href",
      `/vehicles/${TESLA}/trips?page=${Math.floor(first.index / 100) + 1}&trip=${encodeURIComponent(first.trip.id)}`,
    );
  });

  test("the busiest places are listed as text, each shown on the map and its trips listed from the keyboard", async ({
    page,
  }) => {
    await openAllTrips(page);
    const rows = page.getByTestId("busiest-place");
    await expect(rows).toHaveCount(5);
    const listed = await rows.evaluateAll((elements) =>
      elements.map((element) => ({
        count: Number(element.getAttribute("data-count")),
        at: [Number(element.getAttribute("data-lng")), Number(element.getAttribute("data-lat"))] as [number, number],
      })),
    );
    // The sandbox's own starts grouped at the places' zoom: the five biggest groups, busiest first.
    const groups = (await sandboxStartsClustered()).getClusters([-180, -85, 180, 85], 13);
    const size = (feature: (typeof groups)[number]) =>
      "point_count" in feature.properties ? Number(feature.properties.point_count) : 1;
    const expected = groups
      .map(size)
      .sort((a, b) => b - a)
      .slice(0, 5);
    expect(listed.map((place) => place.count)).toEqual(expected);
    for (const place of listed) {
      const there = groups.find(
        (group) =>
          Math.hypot(
            (group.geometry.coordinates[0] ?? 0) - place.at[0],
            (group.geometry.coordinates[1] ?? 0) - place.at[1],
          ) < 1e-6,
      );
      expect(there && size(there)).toBe(place.count);
    }

    // "Show" brings the busiest place to the middle of the map, close enough to see its single starts.
    const [busiest] = listed;
    if (!busiest) throw new Error("no place listed");
    await rows
      .first()
      .getByRole("button", { name: /^Show the place at/ })
      .click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const map = window.__allTripsMap;
          return map
            ? { lng: map.getCenter().lng, lat: map.getCenter().lat, zoom: map.getZoom(), moving: map.isMoving() }
            : null;
        }),
      )
      .toEqual({
        lng: expect.closeTo(busiest.at[0], 6),
        lat: expect.closeTo(busiest.at[1], 6),
        zoom: CLUSTERING.maxZoom,
        moving: false,
      });

    // Its trips, listed from the keyboard: as many as it holds (the first 200 shown).
    await rows
      .first()
      .getByRole("button", { name: /^List the .* trips that start at/ })
      .focus();
    await page.keyboard.press("Enter");
    const list = page.getByTestId("cluster-trips");
    await expect(list).toHaveAttribute("data-total", String(busiest.count));
    await expect(list.getByTestId("cluster-trip")).toHaveCount(Math.min(busiest.count, 200));
  });
});

test.describe("all trips: the time window", () => {
  test("a custom range narrows the count, the map and the export, shows per day, and survives a reload", async ({
    page,
  }) => {
    const trips = await allSandboxTrips();
    // The days of the 300 newest trips: a window well inside the history.
    const day = (trip: Located | undefined) => (trip?.start.time ?? "").slice(0, 10);
    const from = day(trips[299]);
    const to = day(trips[0]);
    const fromMs = Date.parse(`${from}T00:00:00Z`);
    const toMs = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
    const inWindow = trips.filter((trip) => {
      const t = Date.parse(trip.start.time);
      return t >= fromMs && t < toMs;
    });
    const drawable = inWindow.filter((trip) => startOf(trip) !== null).length;
    expect(inWindow.length).toBeLessThan(trips.length);

    await openAllTrips(page);
    await page.getByTestId("time-window-custom").click();
    await page.getByTestId("time-window-from").fill(from);
    await page.getByTestId("time-window-to").fill(to);
    await page.getByTestId("time-window-apply").click();
    await expect(page).toHaveURL(new RegExp(`range=custom&from=${from}&to=${to}`));

    const status = page.getByTestId("all-trips-status");
    const expected = `${drawable.toLocaleString("en-US")} of 2,500 trips on the map, ${from === to ? `on ${from}` : `from ${from} to ${to}`}`;
    await expect(status).toHaveText(expected);
    await expect(page.getByTestId("all-trips-view")).toHaveAttribute("data-shown", String(drawable));
    await expect.poll(() => renderedTripCount(page)).toBe(drawable);
    const days = Math.round((toMs - fromMs) / 86_400_000);
    await expect(page.getByTestId("trips-histogram")).toHaveAttribute("data-days", String(days));
    await expect(page.getByTestId("trips-histogram-summary")).toContainText(
      `${drawable.toLocaleString("en-US")} trips over`,
    );

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-all-csv").click()]);
    const lines = (await readFile(await download.path(), "utf8")).trimEnd().split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(inWindow.map((trip) => trip.id));

    await page.reload();
    await expect(page.getByTestId("all-trips-view")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(status).toHaveText(expected);
    await expect(page.getByTestId("time-window-custom")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("time-window-from")).toHaveValue(from);
    await expect.poll(() => renderedTripCount(page)).toBe(drawable);

    // Back to every trip: the count is the whole vehicle's again.
    await page.getByTestId("time-window-all").click();
    await expect(status).toHaveText("2,500 trips on the map");
    await expect(page).not.toHaveURL(/range=/);
  });
});

test.describe("all trips: the time window's days", () => {
  test.use({ timezoneId: "America/New_York", locale: "en-US" });

  test("are the days of the zone the page shows times in: the viewer's own, or UTC", async ({ page }) => {
    const trips = (await allSandboxTrips()).filter((trip) => startOf(trip) !== null);
    const newYorkDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" });
    const dayIn = (zone: "utc" | "local", trip: Located) =>
      zone === "utc" ? trip.start.time.slice(0, 10) : newYorkDay.format(new Date(trip.start.time));
    const count = (zone: "utc" | "local", day: string) => trips.filter((trip) => dayIn(zone, trip) === day).length;
    // A day whose trips differ between the two calendars (trips in New York's evening are the next UTC day).
    const day = [...new Set(trips.map((trip) => dayIn("utc", trip)))].find(
      (candidate) => count("utc", candidate) !== count("local", candidate),
    );
    if (!day) throw new Error("no day whose trips differ between UTC and New York");
    const status = page.getByTestId("all-trips-status");
    const expected = (n: number) => `${n.toLocaleString("en-US")} of 2,500 trips on the map, on ${day}`;

    await openAllTrips(page, `?range=custom&from=${day}&to=${day}`);
    await expect(page.getByTestId("time-zone-local")).toHaveAttribute("aria-pressed", "true");
    await expect(status).toHaveText(expected(count("local", day)));
    await expect(page.getByTestId("trips-histogram")).toHaveAttribute("data-days", "1");

    await page.getByTestId("time-zone-utc").click();
    await expect(status).toHaveText(expected(count("utc", day)));
    await expect(page.getByTestId("trips-histogram")).toHaveAttribute("data-days", "1");
    await expect.poll(() => renderedTripCount(page)).toBe(count("utc", day));
    // The histogram names the day as the page does, in UTC.
    const named = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));
    await expect(page.getByTestId("trips-histogram-summary")).toContainText(`(${named} to ${named})`);
  });
});

test("a trips failure says what failed and links to the call, as every error does", async ({ page }) => {
  // Mazda 11873: no other browser test reads its trips, so the fault is felt by this test alone.
  const tokenId = 11873;
  const sandbox = sandboxApi();
  const { id } = await sandbox.control.injectFault({
    method: "GET",
    path: `/trips/v1/vehicle/${tokenId}/trips`,
    status: 500,
    body: { code: 500, message: "injected all-trips failure" },
    times: 0,
  });
  try {
    await page.goto(`/vehicles/${tokenId}/trips/all`);
    await expect(page.getByTestId("all-trips-view")).toHaveAttribute("data-status", "error");
    const status = page.getByTestId("all-trips-status");
    await expect(status).toContainText("DIMO's trips service failed while answering (500).");
    await expect(status).not.toContainText(/try again/i);
    await followCallLink(page, page.getByTestId("all-trips-view"), "500");
  } finally {
    await sandbox.control.removeFault(id);
  }
});
