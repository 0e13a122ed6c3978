/**
 * `npm run bench:map-engines`: the all-trips map's three views (lines, clusters, density) drawn by the dashboard's
 * own WebGL layers (components/map/gl) and by deck.gl's, in the same run, in the same headless Chromium
 * (bench/browser.ts: SwiftShader WebGL) on the 100,000-trip vehicle's trips as the sandbox seeds them. For each view
 * and engine: the first draw (from handing over the data to the frame on screen, on a fresh page each time), the
 * frames while the map pans, and the JavaScript each engine adds; and deck.gl's figure over the dashboard's.
 * BENCH_TOY=1 (or --toy) runs a small workload once, in seconds, to show the bench still runs.
 */
import { readFile } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { generateTrips } from "@/sandbox/seed/trip-generator";
import { SEED_VEHICLES, VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { stopAllProcesses } from "@/test-support/processes";
import { launchChromium } from "./browser";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { type BenchBundles, type EngineSize, buildBenchBundles } from "./map-engines-build";
import type { Engine, EngineRun, View } from "./map-engines-types";
import { median, round, summarize } from "./stats";
import { formatKb, formatMs, markdownTable } from "./table";

const TOY = process.env.BENCH_TOY === "1" || process.argv.includes("--toy");
const PLAN = TOY ? { trips: 2_000, runs: 1, panFrames: 5 } : { trips: 100_000, runs: 2, panFrames: 20 };
const VIEWS: readonly View[] = ["lines", "clusters", "density"];
const RUN_TIMEOUT_MS = 300_000;

/** The trips as the page reads them: start and end, lng and lat, NaN for an end the device did not record. */
function tripsFile(): Buffer {
  const vehicle = SEED_VEHICLES.find((seed) => seed.tokenId === VEHICLE_IDS.perf);
  if (!vehicle) throw new Error(`no seeded vehicle ${VEHICLE_IDS.perf}`);
  const trips = generateTrips(vehicle, Date.now()).slice(-PLAN.trips);
  const flat = new Float64Array(trips.length * 4);
  trips.forEach((trip, i) => {
    flat.set(
      [
        trip.start?.longitude ?? trip.routeStart.longitude,
        trip.start?.latitude ?? trip.routeStart.latitude,
        trip.end?.longitude ?? NaN,
        trip.end?.latitude ?? NaN,
      ],
      i * 4,
    );
  });
  return Buffer.from(flat.buffer);
}

const PAGE = `<!doctype html><html><head><style>html,body,#map{margin:0;width:100%;height:100%}</style></head>
<body><div id="map"></div><script type="module" src="/page.js"></script></body></html>`;

async function serve(bundles: BenchBundles, trips: Buffer): Promise<{ server: Server; url: string }> {
  const files: Record<string, () => Promise<[string, Buffer | string]>> = {
    "/": async () => ["text/html", PAGE],
    "/trips.bin": async () => ["application/octet-stream", trips],
    "/maplibre-gl-worker.mjs": async () => [
      "text/javascript",
      await readFile(resolve("node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs")),
    ],
    "/basemap/fonts/geist-semibold.woff2": async () => [
      "font/woff2",
      await readFile(resolve("public/basemap/fonts/geist-semibold.woff2")),
    ],
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const file =
      files[path] ??
      (/^\/[\w-]+\.js$/.test(path)
        ? async (): Promise<[string, Buffer]> => ["text/javascript", await readFile(join(bundles.dir, path))]
        : null);
    if (!file) return void response.writeHead(404).end();
    file().then(
      ([type, body]) => response.writeHead(200, { "content-type": type }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** A page whose engine throws inside the map's frame never resolves: give up on it after a while. */
function withTimeout<T>(promise: Promise<T>, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), RUN_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Runs = Record<View, Record<Engine, EngineRun[]>>;

async function measure(url: string): Promise<Runs> {
  const runs = Object.fromEntries(VIEWS.map((view) => [view, { gl: [], deck: [] }])) as unknown as Runs;
  const browser = await launchChromium();
  try {
    for (let run = 0; run < PLAN.runs; run++) {
      for (const view of VIEWS) {
        // Alternated, so that neither engine always runs on the warmer machine.
        const engines: Engine[] = run % 2 === 0 ? ["gl", "deck"] : ["deck", "gl"];
        for (const engine of engines) {
          const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
          const errors: string[] = [];
          page.on("pageerror", (error) => errors.push(error.message));
          await page.goto(url);
          await page.waitForFunction(() => window.__mapEngines !== undefined, null, { timeout: RUN_TIMEOUT_MS });
          const result = await withTimeout(
            page.evaluate(([engine, view, frames]) => window.__mapEngines?.run(engine, view, frames), [
              engine,
              view,
              PLAN.panFrames,
            ] as const),
            () => `${engine} ${view} did not draw within ${RUN_TIMEOUT_MS} ms: ${errors.join("; ") || "no error"}`,
          );
          await page.close();
          if (!result || errors.length > 0)
            throw new Error(`${engine} ${view} did not draw: ${errors.join("; ") || "no result"}`);
          runs[view][engine].push(result);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return runs;
}

interface EngineFigures {
  firstDrawMs: number;
  panFrameMs: number;
  panFrameP95Ms: number;
}

function figures(runs: readonly EngineRun[]): EngineFigures {
  const frames = summarize(runs.flatMap((run) => run.panFramesMs));
  return {
    firstDrawMs: round(median(runs.map((run) => run.firstDrawMs))),
    panFrameMs: round(frames.median),
    panFrameP95Ms: round(frames.p95),
  };
}

const ratio = (deck: number, gl: number) => (gl > 0 ? `${round(deck / gl)}x` : "n/a");

function table(runs: Runs, sizes: { gl: EngineSize; deck: EngineSize }): string {
  const rows = VIEWS.flatMap((view) => {
    const gl = figures(runs[view].gl);
    const deck = figures(runs[view].deck);
    return [
      [
        `${view}: first draw (median)`,
        formatMs(gl.firstDrawMs),
        formatMs(deck.firstDrawMs),
        ratio(deck.firstDrawMs, gl.firstDrawMs),
      ],
      [
        `${view}: frame while panning (median)`,
        formatMs(gl.panFrameMs),
        formatMs(deck.panFrameMs),
        ratio(deck.panFrameMs, gl.panFrameMs),
      ],
      [
        `${view}: frame while panning (95th percentile)`,
        formatMs(gl.panFrameP95Ms),
        formatMs(deck.panFrameP95Ms),
        ratio(deck.panFrameP95Ms, gl.panFrameP95Ms),
      ],
    ];
  });
  rows.push(
    [
      "JavaScript, minified",
      formatKb(sizes.gl.bytes),
      formatKb(sizes.deck.bytes),
      ratio(sizes.deck.bytes, sizes.gl.bytes),
    ],
    [
      "JavaScript, gzipped",
      formatKb(sizes.gl.gzipBytes),
      formatKb(sizes.deck.gzipBytes),
      ratio(sizes.deck.gzipBytes, sizes.gl.gzipBytes),
    ],
  );
  return markdownTable(["measure", "dashboard's layers", "deck.gl", "deck.gl / dashboard's"], rows);
}

async function main(): Promise<void> {
  const loadAtStart = loadAverageNow();
  const [bundles, trips] = await Promise.all([buildBenchBundles(), Promise.resolve(tripsFile())]);
  const { server, url } = await serve(bundles, trips);
  try {
    const runs = await measure(url);
    const date = new Date().toISOString();
    const machine = describeMachine(loadAtStart);
    console.log(JSON.stringify({ date, machine, plan: PLAN, sizes: bundles.sizes, deckLazy: bundles.deckLazy, runs }));
    console.log(
      `\nMap engines, ${trips.byteLength / 32} trips, ${PLAN.runs} run(s) each, ${runHeader(date, machine)}\n`,
    );
    console.log(table(runs, bundles.sizes));
    console.log(`\ndeck.gl in its own chunk, loaded only when imported: ${bundles.deckLazy ? "yes" : "NO"}`);
  } finally {
    server.close();
  }
}

main()
  .catch((error: unknown) => {
    console.error(
      `The bench could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
