/**
 * Measures the sandbox's Telemetry API with every signal of DIMO's schema: `signalsLatest` asking for all of them
 * (in as many requests as the complexity limit needs, and `signalsSnapshot`, which returns them all at once), and one
 * day of 20 signals at 5-minute buckets, a different day each time, for an electric and a combustion car.
 *
 *   npx tsx scripts/measure-telemetry-signals.ts
 */
import { summarize } from "../bench/stats";
import { getDeveloperJwt, getVehicleJwt } from "../sandbox/flow-client";
import { ALL_SIGNALS, storedSignals } from "../sandbox/telemetry/signals";
import { vehicleProfile } from "../sandbox/telemetry/signals/vehicle-profile";
import { powertrainOf } from "../sandbox/seed/energy";
import { SEED_VEHICLES } from "../sandbox/seed/vehicles";
import { startTestSandbox } from "../test-support/sandbox-template";

const LATEST_SAMPLES = 50;
const DAY_SAMPLES = 20;
const DAY_SIGNALS = 20;
/** Signals per `signalsLatest` request: 30 cost at most 91, under the limit of 100. */
const LATEST_CHUNK = 30;
const VEHICLES = [12345, 11873];
const DAY_US = 86_400e6;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function post(url: string, token: string, query: string): Promise<void> {
  const response = await fetch(`${url}/telemetry/query`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (!response.ok || body.errors) throw new Error(`telemetry answered ${response.status}: ${JSON.stringify(body)}`);
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function latestQueries(tokenId: number): string[] {
  const fields = ALL_SIGNALS.map((signal) =>
    signal.kind === "location" ? `${signal.name} { timestamp value { latitude } }` : `${signal.name} { value }`,
  );
  const queries = [];
  for (let i = 0; i < fields.length; i += LATEST_CHUNK)
    queries.push(`{ signalsLatest(tokenId: ${tokenId}) { ${fields.slice(i, i + LATEST_CHUNK).join(" ")} } }`);
  return queries;
}

function dayQuery(tokenId: number, dayEndUs: number, names: readonly string[]): string {
  const iso = (us: number) => new Date(us / 1000).toISOString();
  const fields = names.map((name) => `${name}(agg: AVG)`).join(" ");
  return `{ signals(tokenId: ${tokenId}, interval: "5m", from: "${iso(dayEndUs - DAY_US)}", to: "${iso(dayEndUs)}") { timestamp ${fields} } }`;
}

async function main(): Promise<void> {
  const sandbox = await startTestSandbox();
  try {
    const developer = await getDeveloperJwt(sandbox.url);
    for (const tokenId of VEHICLES) {
      const seed = SEED_VEHICLES.find((vehicle) => vehicle.tokenId === tokenId);
      if (!seed) throw new Error(`no seeded vehicle ${tokenId}`);
      const profile = vehicleProfile(tokenId, seed.model, seed.metro, powertrainOf(seed.model));
      const token = await getVehicleJwt(sandbox.url, developer, tokenId, [1, 4]);
      const latest = latestQueries(tokenId);
      const latestTimes = [];
      for (let i = 0; i < LATEST_SAMPLES; i++)
        latestTimes.push(await timed(async () => Promise.all(latest.map((q) => post(sandbox.url, token, q))).then()));
      const snapshot = `{ signalsSnapshot(tokenId: ${tokenId}) { lastSeen signals { name valueNumber valueString } } }`;
      const snapshotTimes = [];
      for (let i = 0; i < LATEST_SAMPLES; i++)
        snapshotTimes.push(await timed(() => post(sandbox.url, token, snapshot)));
      const floats = storedSignals(profile).filter(
        (name) => ALL_SIGNALS.find((s) => s.name === name)?.kind === "float",
      );
      const names = floats.slice(0, DAY_SIGNALS);
      const dayTimes = [];
      const todayUs = Math.floor(Date.now() / 86_400_000) * DAY_US;
      for (let i = 0; i < DAY_SAMPLES; i++) {
        dayTimes.push(await timed(() => post(sandbox.url, token, dayQuery(tokenId, todayUs - i * DAY_US, names))));
      }
      const l = summarize(latestTimes);
      const s = summarize(snapshotTimes);
      const d = summarize(dayTimes);
      console.log(`vehicle ${tokenId} (${seed.model}, ${storedSignals(profile).length} signals):`);
      console.log(
        `  signalsLatest, all ${ALL_SIGNALS.length} signals in ${latest.length} requests at once: median ${ms(l.median)}, p95 ${ms(l.p95)}`,
      );
      console.log(`  signalsSnapshot, every signal: median ${ms(s.median)}, p95 ${ms(s.p95)}`);
      console.log(
        `  signals, one day of ${names.length} signals at 5m, a new day each time: median ${ms(d.median)}, p95 ${ms(d.p95)}`,
      );
    }
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
