import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { fetchAllLicenseVehiclePages } from "@/sandbox/services/identity/license-vehicle-pages";
import { MAX_FLEET_SIZE } from "@/sandbox/seed/fleet";
import { seedDatabaseFile, seedFleet } from "@/sandbox/seed/seed-database";
import { DATABASE_FILE } from "@/sandbox/server";
import { openDatabase, readMeta } from "@/sandbox/store/database";
import { startProcess, stopAllProcesses, stopAllProcessesOnSignal, waitForOutput } from "@/test-support/processes";
import { ensureTemplate } from "@/test-support/sandbox-template";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { round, summarize } from "./stats";
import { sized } from "./size";

/**
 * `npm run bench:fleet-seed [-- N]`: what a fleet of N vehicles (default 10,000) costs the sandbox. Seeding a data
 * folder from nothing with the fleet, adding the fleet to an already seeded one (what `--fleet` does to a data folder
 * seeded without it), and walking the whole license through the identity API, 100 vehicles a page, as a dashboard
 * does, against the sandbox's command line in its own process.
 */

const WALKS = sized(5, 1);
const ms = (start: number) => round(performance.now() - start, 0);

function fleetSizeFromArgs(): number {
  const size = Number(process.argv[2] ?? sized(10_000, 200));
  if (!Number.isInteger(size) || size < 1 || size > MAX_FLEET_SIZE) {
    throw new Error(`the fleet size is a whole number from 1 to ${MAX_FLEET_SIZE}, got ${process.argv[2]}`);
  }
  return size;
}

function measureFreshSeed(dataDir: string, fleetSize: number): { durationMs: number; trips: number } {
  const { durationMs, trips } = seedDatabaseFile(join(dataDir, DATABASE_FILE), Date.now(), fleetSize);
  return { durationMs: round(durationMs, 0), trips };
}

/** The fleet added in place to a copy of the seeded test template, inside the database's own transaction. */
async function measureAddedFleet(fleetSize: number): Promise<{ durationMs: number; trips: number }> {
  const dir = mkdtempSync(join(tmpdir(), "dimo-fleet-bench-add-"));
  try {
    const path = join(dir, DATABASE_FILE);
    copyFileSync(await ensureTemplate(), path);
    const db = openDatabase(path);
    const started = performance.now();
    const { trips } = seedFleet(db, Number(readMeta(db, "anchor_ms")), fleetSize);
    const durationMs = ms(started);
    db.close();
    return { durationMs, trips };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureWalks(dataDir: string, fleetSize: number) {
  const started = performance.now();
  const sandbox = startProcess("sandbox", [
    "--import",
    "tsx",
    "sandbox/main.ts",
    "--port",
    "0",
    "--data-dir",
    dataDir,
    "--fleet",
    String(fleetSize),
  ]);
  const match = await waitForOutput(sandbox, /listening on (http:\/\/[^\s]+)/, 120_000);
  const startUpMs = ms(started);
  const identityUrl = `${match[1] ?? ""}/identity/query`;
  const walks: number[] = [];
  let pages = 0;
  let vehicles = 0;
  let totalCount = 0;
  for (let walk = 0; walk < WALKS; walk++) {
    const walkStarted = performance.now();
    const result = await fetchAllLicenseVehiclePages(identityUrl, DEMO_LICENSE.clientId);
    walks.push(ms(walkStarted));
    pages = result.length;
    vehicles = result.reduce((sum, page) => sum + page.edges.length, 0);
    totalCount = result[0]?.totalCount ?? 0;
  }
  await sandbox.stop();
  return { startUpMs, walks: summarize(walks), pages, vehicles, totalCount };
}

async function main(): Promise<void> {
  stopAllProcessesOnSignal("the fleet bench");
  const fleetSize = fleetSizeFromArgs();
  const loadAtStart = loadAverageNow();
  const dataDir = mkdtempSync(join(tmpdir(), "dimo-fleet-bench-"));
  try {
    const fresh = measureFreshSeed(dataDir, fleetSize);
    const added = await measureAddedFleet(fleetSize);
    const walk = await measureWalks(dataDir, fleetSize);
    const perPage = round(walk.walks.median / Math.max(1, walk.pages), 1);
    console.log(runHeader(new Date().toISOString(), describeMachine(loadAtStart)));
    console.log(`Fleet of ${fleetSize.toLocaleString("en-US")} vehicles shared with the demo license`);
    console.log(`  seed from nothing, with the fleet   ${fresh.durationMs} ms (${fresh.trips} trips in all)`);
    console.log(`  fleet added to a seeded folder      ${added.durationMs} ms (${added.trips} fleet trips)`);
    console.log(`  sandbox start on the seeded folder  ${walk.startUpMs} ms`);
    console.log(
      `  whole license through identity      median ${walk.walks.median} ms, min ${walk.walks.min}, max ${walk.walks.max} ` +
        `over ${WALKS} walks: ${walk.pages} pages of up to 100 (${perPage} ms a page), ` +
        `${walk.vehicles} vehicles, totalCount ${walk.totalCount}`,
    );
  } finally {
    await stopAllProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
