/**
 * `npm run bench`: what the dashboard costs, measured in one command. Starts the sandbox and the production build
 * (building it first when there is none) on free loopback ports, runs the measurements of the issue, each timing
 * beside a baseline of the same run, prints a table with each budget's pass or FAIL and writes everything to
 * bench/results.json. A failed budget is reported and the exit code stays 0; only a bench that could not run exits
 * non-zero. Everything started here is stopped at the end, on failure and on Ctrl-C too. bench/README.md says how each
 * figure is taken.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { measureAllTrips } from "./all-trips";
import { BARE_ROUTE, fetchBareRoute } from "./dashboard-client";
import { measureJavaScript } from "./javascript-size";
import { runLoad } from "./load";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { measureMapDraw } from "./map-draw";
import { measureOverhead } from "./overhead";
import { stopAllProcesses, stopAllProcessesOnSignal } from "@/test-support/processes";
import { reportRows } from "./report";
import { type BenchResults } from "./results";
import { measureSandboxTelemetry } from "./sandbox-telemetry";
import { measureSandboxTrips } from "./sandbox-trips";
import {
  BEHIND_ONE_PROXY,
  type DashboardServer,
  newAuthSecret,
  startDashboard,
  startSandboxServer,
} from "@/test-support/servers";
import { ensureProductionBuild } from "./production-build";
import { signIn } from "./session";
import { round } from "./stats";
import { reportTable } from "./table";
import { measureTripRoutes } from "./trip-routes";
import { measureUpstream } from "./upstream";
import { withFleet } from "./fleet";
import { sized } from "./size";

// A toy run writes beside the test results, leaving the last measured figures alone.
const RESULTS_FILE = sized("bench/results.json", "test-results/bench-results.toy.json");
/** The vehicle of the map draws and the all-trips map: 100,000 trips, or 2,500 at a toy size. */
const LARGE_VEHICLE = sized(VEHICLE_IDS.perf, VEHICLE_IDS.manyTrips);
const LOAD_VEHICLES = [21957, 17001, 18234, 15002, 13004];

const benchStarted = performance.now();
const loadAtStart = loadAverageNow();
const elapsed = () => `${((performance.now() - benchStarted) / 1000).toFixed(0)} s`;
const step = (text: string) => console.log(`[bench ${elapsed()}] ${text}`);

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  step(`${name}…`);
  const started = performance.now();
  const result = await work();
  step(`${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function main(): Promise<void> {
  ensureProductionBuild(step);
  const authSecret = newAuthSecret();
  const sandbox = await phase("starting the sandbox", startSandboxServer);
  const dashboard = await phase("starting the dashboard", () =>
    startDashboard({ sandboxUrl: sandbox.url, authSecret, env: BEHIND_ONE_PROXY }),
  );
  const session = { baseUrl: dashboard.url, jar: await signIn(dashboard.url, DEMO_OWNER.privateKey) };
  // The load test's baseline: a build made before the bare route existed cannot give it, which is better said now.
  await fetchBareRoute(session).catch((error: unknown) => {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}: a build without ${BARE_ROUTE}? Run npm run build.`,
    );
  });

  const upstream = await phase("1. upstream requests per view", () =>
    measureUpstream({
      sandboxUrl: sandbox.url,
      tokenId: VEHICLE_IDS.manyTrips,
      fresh: session,
      async withAnotherFreshDashboard(measure) {
        const other: DashboardServer = await startDashboard({
          sandboxUrl: sandbox.url,
          authSecret,
          env: BEHIND_ONE_PROXY,
        });
        try {
          // The same secret signs sessions on both, so the session cookie is valid there, as behind a load balancer.
          return await measure({ baseUrl: other.url, jar: session.jar });
        } finally {
          await other.stop();
        }
      },
    }),
  );
  const overhead = await phase("2. server overhead", () =>
    measureOverhead(sandbox.url, session, VEHICLE_IDS.manyTrips),
  );
  const javascript = await phase("3. JavaScript shipped", () => measureJavaScript(session, VEHICLE_IDS.manyTrips));
  const map = await phase("4. map draw time (Chromium)", () =>
    measureMapDraw(session, LARGE_VEHICLE, VEHICLE_IDS.noTrips),
  );
  const allTrips = await phase(
    "8. all-trips map of the 100,000-trip vehicle, and of one with no trips (Chromium)",
    () => measureAllTrips(session, LARGE_VEHICLE, VEHICLE_IDS.noTrips),
  );
  const tripRoutes = await phase("8. trip routes: loading and drawing", () =>
    measureTripRoutes(session, sandbox.url, VEHICLE_IDS.manyTrips),
  );
  const sandboxTrips = await phase("5. sandbox trips endpoint", () => measureSandboxTrips(sandbox.url, LARGE_VEHICLE));
  const sandboxTelemetry = await phase("5. sandbox telemetry endpoint", () =>
    measureSandboxTelemetry(sandbox.url, [LARGE_VEHICLE, VEHICLE_IDS.manyTrips]),
  );
  const loadOptions = { users: sized(100, 4), seconds: sized(30, 2), vehicles: LOAD_VEHICLES };
  // A fresh dashboard, so that this run and the two-instance run both start with no token cached; the bare route's
  // run first, on the same dashboard, caches none.
  const { loadBaseline, load } = await phase("6. load test, the bare route and then trips", async () => {
    const fresh = await startDashboard({ sandboxUrl: sandbox.url, authSecret, env: BEHIND_ONE_PROXY });
    try {
      const bare = await runLoad(sandbox.url, fresh.url, { ...loadOptions, target: "bare" });
      return { loadBaseline: bare, load: await runLoad(sandbox.url, fresh.url, loadOptions) };
    } finally {
      await fresh.stop();
    }
  });
  await dashboard.stop();
  const loadTwoInstances = await phase("7. load test, two instances behind a proxy, one Redis", () =>
    withFleet(sandbox.url, authSecret, (url) => runLoad(sandbox.url, url, loadOptions)),
  );

  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: describeMachine(loadAtStart),
    durationSeconds: round((performance.now() - benchStarted) / 1000, 1),
    upstream,
    overhead,
    javascript,
    map,
    allTrips,
    tripRoutes,
    sandbox: sandboxTrips,
    telemetry: sandboxTelemetry,
    load,
    loadBaseline,
    loadTwoInstances,
  };
  const rows = reportRows(results);
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...results, report: rows }, null, 2)}\n`);

  const failed = rows.filter((row) => row.pass === false).length;
  const checked = rows.filter((row) => row.pass !== undefined).length;
  console.log(`\nBenchmarks, ${runHeader(results.date, results.machine)}\n`);
  console.log(reportTable(rows));
  console.log(
    `\n${checked - failed} of ${checked} budgets met${failed ? `, ${failed} FAILED` : ""}. Took ${elapsed()}. Figures: ${RESULTS_FILE}`,
  );
}

stopAllProcessesOnSignal("the servers the bench started");

main()
  .catch((error: unknown) => {
    console.error(
      `The bench could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
