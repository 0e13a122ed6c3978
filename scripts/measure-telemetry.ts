/**
 * Measures the sandbox's Telemetry API on a freshly seeded folder, the sandbox in its own process: the seed's time
 * and size, then `signalsLatest` and a one-day `signals` query at 5-minute buckets for the 100,000-trip vehicle and
 * the 2,500-trip one, with their budgets (the same figures `npm run bench` reports as item 5).
 *
 *   npx tsx scripts/measure-telemetry.ts
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureSandboxTelemetry, TELEMETRY_BUDGETS } from "../bench/sandbox-telemetry";
import { seedDatabaseFile } from "../sandbox/seed/seed-database";
import { VEHICLE_IDS } from "../sandbox/seed/vehicles";
import { DATABASE_FILE } from "../sandbox/server";
import { startSandboxCli } from "./sandbox-cli";
import type { ChildProcess } from "node:child_process";

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "dimo-telemetry-measure-"));
  let child: ChildProcess | undefined;
  try {
    const path = join(dataDir, DATABASE_FILE);
    const seed = seedDatabaseFile(path);
    console.log(
      `seed: ${seed.trips} trips in ${ms(seed.durationMs)}, database ${(statSync(path).size / 1e6).toFixed(2)} MB`,
    );
    const cli = await startSandboxCli(dataDir);
    child = cli.child;
    const results = await measureSandboxTelemetry(cli.url, [VEHICLE_IDS.perf, VEHICLE_IDS.manyTrips]);
    for (const v of results.vehicles) {
      const latestOk = v.latest.median < TELEMETRY_BUDGETS.latestMedianMs ? "pass" : "FAIL";
      const dayOk = v.dayCold.median < TELEMETRY_BUDGETS.dayMedianMs ? "pass" : "FAIL";
      console.log(`vehicle ${v.tokenId}:`);
      console.log(
        `  signalsLatest, every signal: median ${ms(v.latest.median)}, p95 ${ms(v.latest.p95)} (budget < ${TELEMETRY_BUDGETS.latestMedianMs} ms: ${latestOk})`,
      );
      console.log(
        `  signals, one day at 5m, a new day each time: median ${ms(v.dayCold.median)}, p95 ${ms(v.dayCold.p95)} (budget < ${TELEMETRY_BUDGETS.dayMedianMs} ms: ${dayOk})`,
      );
      console.log(
        `  signals, the same day again: median ${ms(v.dayWarm.median)}, p95 ${ms(v.dayWarm.p95)}; ${v.buckets} buckets`,
      );
    }
  } finally {
    child?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
