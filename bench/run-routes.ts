/**
 * `npx tsx bench/run-routes.ts`: item 8 of `npm run bench` alone (the trips map's routes: loading, cold and warm,
 * and drawing), on its own sandbox and production build, for a quick figure without the whole bench.
 */
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { stopAllProcesses } from "@/test-support/processes";
import { hasProductionBuild, newAuthSecret, startDashboard, startSandboxServer } from "@/test-support/servers";
import { signIn } from "./session";
import { measureTripRoutes } from "./trip-routes";

async function main(): Promise<void> {
  if (!hasProductionBuild()) throw new Error("no production build: run npm run build first");
  const sandbox = await startSandboxServer();
  const dashboard = await startDashboard({ sandboxUrl: sandbox.url, authSecret: newAuthSecret() });
  const session = { baseUrl: dashboard.url, jar: await signIn(dashboard.url, DEMO_OWNER.privateKey) };
  const results = await measureTripRoutes(session, sandbox.url, VEHICLE_IDS.manyTrips);
  console.log(JSON.stringify(results, null, 2));
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
