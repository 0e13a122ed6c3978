/**
 * Measures the sandbox: the first seed, a test sandbox's start, the CLI's start on a seeded folder, trips latency on
 * the 100,000-trip vehicle (page 1 and page 1,000) and throughput with a warm Vehicle JWT at concurrency 16.
 * The sandbox under test runs in its own process, so the load generator does not share its event loop.
 *
 *   npx tsx scripts/measure-sandbox.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LATENCY_SAMPLES, THROUGHPUT_CONCURRENCY, THROUGHPUT_SECONDS, tripsMeter } from "../bench/sandbox-trips";
import { median } from "../bench/stats";
import { getDeveloperJwt, getVehicleJwt } from "../sandbox/flow-client";
import { seedDatabaseFile } from "../sandbox/seed/seed-database";
import { VEHICLE_IDS } from "../sandbox/seed/vehicles";
import { DATABASE_FILE } from "../sandbox/server";
import { startSandboxCli } from "./sandbox-cli";
import type { ChildProcess } from "node:child_process";
import { startTestSandbox } from "../test-support/sandbox-template";

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "dimo-sandbox-measure-"));
  let child: ChildProcess | undefined;
  let meter: ReturnType<typeof tripsMeter> | undefined;
  try {
    const seed = seedDatabaseFile(join(dataDir, DATABASE_FILE));

    const testStarts: number[] = [];
    await (await startTestSandbox()).close(); // builds the template if it is missing
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const sandbox = await startTestSandbox();
      testStarts.push(performance.now() - started);
      await sandbox.close();
    }

    const cli = await startSandboxCli(dataDir);
    child = cli.child;
    const developer = await getDeveloperJwt(cli.url);
    const token = await getVehicleJwt(cli.url, developer, VEHICLE_IDS.perf, [4]);
    meter = tripsMeter(cli.url, token);
    const first = await meter.latency(VEHICLE_IDS.perf, 1);
    const last = await meter.latency(VEHICLE_IDS.perf, 1000);
    const load = await meter.throughput(VEHICLE_IDS.perf, 1000);

    const rows: [string, string][] = [
      [
        "first seed (all vehicles, into a fresh file)",
        `${(seed.durationMs / 1000).toFixed(2)} s (${seed.trips} trips)`,
      ],
      ["test sandbox start (template exists), median of 5", fmt(median(testStarts))],
      ["CLI start on a seeded folder (tsx + open + listen)", fmt(cli.startMs)],
      [
        `trips page 1 of ${VEHICLE_IDS.perf}: median / p95 (${LATENCY_SAMPLES} sequential)`,
        `${fmt(first.median)} / ${fmt(first.p95)}`,
      ],
      [`trips page 1000 of ${VEHICLE_IDS.perf}: median / p95`, `${fmt(last.median)} / ${fmt(last.p95)}`],
      ["page 1000 / page 1 median ratio (target <= 1.5)", (last.median / first.median).toFixed(2)],
      [
        `throughput, warm token, concurrency ${THROUGHPUT_CONCURRENCY}, ${THROUGHPUT_SECONDS} s (target >= 1000)`,
        `${load.perSecond.toFixed(0)} req/s (${load.requests} requests, ${load.failures} failed)`,
      ],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${"measure".padEnd(width)} | result\n${"-".repeat(width)}-|-${"-".repeat(40)}`);
    for (const [name, value] of rows) console.log(`${name.padEnd(width)} | ${value}`);
  } finally {
    meter?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
