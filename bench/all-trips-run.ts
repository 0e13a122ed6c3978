/**
 * `npm run bench:all-trips`: the all-trips map's figures alone (item 8 of `npm run bench`, and its lines view's draws
 * of item 4), and the trips map's 1,000- and 10,000-trip draws (item 4), each beside its baseline (the same map with
 * no trips), without the rest of the bench. Starts the sandbox and the production build on free loopback ports, signs
 * in, measures, prints the rows and stops everything it started. BENCH_SKIP_DRAW=1 leaves out the trips map's draws.
 */
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { stopAllProcesses } from "@/test-support/processes";
import { hasProductionBuild, newAuthSecret, startDashboard, startSandboxServer } from "@/test-support/servers";
import { measureAllTrips } from "./all-trips";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { measureMapDraw } from "./map-draw";
import { allTripsRows, mapBaselineRows, mapRows } from "./report-map";
import { signIn } from "./session";
import { reportTable } from "./table";
import { sized } from "./size";

const loadAtStart = loadAverageNow();
/** 100,000 trips, or 2,500 at a toy size. */
const LARGE_VEHICLE = sized(VEHICLE_IDS.perf, VEHICLE_IDS.manyTrips);

async function main(): Promise<void> {
  if (!hasProductionBuild()) throw new Error("no production build: run npm run build first");
  const sandbox = await startSandboxServer();
  const dashboard = await startDashboard({ sandboxUrl: sandbox.url, authSecret: newAuthSecret() });
  const session = { baseUrl: dashboard.url, jar: await signIn(dashboard.url, DEMO_OWNER.privateKey) };
  const allTrips = await measureAllTrips(session, LARGE_VEHICLE, VEHICLE_IDS.noTrips);
  const map =
    process.env.BENCH_SKIP_DRAW === "1" ? null : await measureMapDraw(session, LARGE_VEHICLE, VEHICLE_IDS.noTrips);
  const date = new Date().toISOString();
  const machine = describeMachine(loadAtStart);
  console.log(JSON.stringify({ date, machine, allTrips, map }, null, 2));
  console.log(`\nAll-trips map, ${runHeader(date, machine)}\n`);
  console.log(
    reportTable([...mapBaselineRows({ map, allTrips }), ...mapRows({ map, allTrips }), ...allTripsRows({ allTrips })]),
  );
}

main()
  .catch((error: unknown) => {
    console.error(
      `The bench could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
