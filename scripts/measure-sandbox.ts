/**
 * Measures the sandbox: the first seed, a test sandbox's start, the CLI's start on a seeded folder, trips latency on
 * the 100,000-trip vehicle (page 1 and page 1,000) and throughput with a warm Vehicle JWT at concurrency 16.
 * The sandbox under test runs in its own process, so the load generator does not share its event loop.
 *
 *   npx tsx scripts/measure-sandbox.ts
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getDeveloperJwt, getVehicleJwt } from "../sandbox/flow-client";
import { seedDatabaseFile } from "../sandbox/seed/seed-database";
import { VEHICLE_IDS } from "../sandbox/seed/vehicles";
import { DATABASE_FILE } from "../sandbox/server";
import { startTestSandbox } from "../sandbox/testing";

const LATENCY_SAMPLES = 300;
const THROUGHPUT_SECONDS = 5;
const CONCURRENCY = 16;

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);

async function latencies(url: string, token: string): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 30; i++) await get(url, token); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const started = performance.now();
    const status = await get(url, token);
    samples.push(performance.now() - started);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function throughput(baseUrl: string, token: string): Promise<{ requests: number; perSecond: number; failures: number }> {
  const until = performance.now() + THROUGHPUT_SECONDS * 1000;
  let requests = 0;
  let failures = 0;
  const worker = async (offset: number) => {
    for (let page = offset; performance.now() < until; page = (page % 1000) + 1) {
      const status = await get(`${baseUrl}/trips/v1/vehicle/${VEHICLE_IDS.perf}/trips?page=${page}`, token);
      requests++;
      if (status !== 200) failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i * 61 + 1)));
  return { requests, perSecond: requests / ((performance.now() - started) / 1000), failures };
}

function startCli(dataDir: string): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts", "--port", "0", "--data-dir", dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/[^\s]+)/);
      if (match?.[1]) resolve({ child, url: match[1], startMs: performance.now() - started });
    });
    child.once("exit", (code) => reject(new Error(`the sandbox exited with ${code} before listening`)));
  });
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "dimo-sandbox-measure-"));
  let child: ChildProcess | undefined;
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

    const cli = await startCli(dataDir);
    child = cli.child;
    const developer = await getDeveloperJwt(cli.url);
    const token = await getVehicleJwt(cli.url, developer, VEHICLE_IDS.perf, [4]);
    const tripsUrl = `${cli.url}/trips/v1/vehicle/${VEHICLE_IDS.perf}/trips`;
    const first = await latencies(`${tripsUrl}?page=1`, token);
    const last = await latencies(`${tripsUrl}?page=1000`, token);
    const load = await throughput(cli.url, token);

    const rows: [string, string][] = [
      ["first seed (all vehicles, into a fresh file)", `${(seed.durationMs / 1000).toFixed(2)} s (${seed.trips} trips)`],
      ["test sandbox start (template exists), median of 5", fmt(median(testStarts))],
      ["CLI start on a seeded folder (tsx + open + listen)", fmt(cli.startMs)],
      [`trips page 1 of ${VEHICLE_IDS.perf}: median / p95 (${LATENCY_SAMPLES} sequential)`, `${fmt(first.median)} / ${fmt(first.p95)}`],
      [`trips page 1000 of ${VEHICLE_IDS.perf}: median / p95`, `${fmt(last.median)} / ${fmt(last.p95)}`],
      ["page 1000 / page 1 median ratio (target <= 1.5)", (last.median / first.median).toFixed(2)],
      [
        `throughput, warm token, concurrency ${CONCURRENCY}, ${THROUGHPUT_SECONDS} s (target >= 1000)`,
        `${load.perSecond.toFixed(0)} req/s (${load.requests} requests, ${load.failures} failed)`,
      ],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${"measure".padEnd(width)} | result\n${"-".repeat(width)}-|-${"-".repeat(40)}`);
    for (const [name, value] of rows) console.log(`${name.padEnd(width)} | ${value}`);
  } finally {
    agent.destroy();
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
