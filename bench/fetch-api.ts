import { Agent } from "node:http";
import { parseArgs } from "node:util";
import { vehicleDid } from "@/lib/protocol";
import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { startSandboxServer } from "@/test-support/servers";
import { TOY } from "./size";
import { type Summary, summarize } from "./stats";
import { timedQuery } from "./timed-query";

/**
 * The sandbox's Fetch API under measurement (`tsx bench/fetch-api.ts [--toy]`), the sandbox in its own process,
 * sequentially over a keep-alive connection with a warm Vehicle JWT: the event types summary
 * (`availableCloudEventTypes`, counts and first and last times over the vehicle's whole history), and a page of 50
 * status events with their headers and payloads, each page from a different hour of the last 60 days, so every page's
 * signals are generated afresh. Budgets: each median under 50 ms. Vehicles: the raw-data BEV and combustion car, and
 * the 100,000-trip one (its privileges 1 and 4 imply raw data access).
 */

const { values } = parseArgs({ options: { toy: { type: "boolean", default: false } } });
const toy = TOY || values.toy;
const SAMPLES = toy ? 3 : 60;
const WARM_UP = toy ? 1 : 5;
const PAGE = 50;
const BUDGET_MEDIAN_MS = 50;
const HOUR_MS = 3_600_000;

const TYPES_QUERY = `query Types($did: String!) {
  availableCloudEventTypes(did: $did) { type count firstSeen lastSeen }
}`;

const PAGE_QUERY = `query Page($did: String!, $before: Time!) {
  cloudEvents(did: $did, limit: ${PAGE}, filter: {type: "dimo.status", before: $before}) {
    header { id source producer specversion subject time type datacontenttype dataversion signature tags }
    data
  }
}`;

const timed = (agent: Agent, url: string, token: string, body: string) => timedQuery("fetch", agent, url, token, body);

interface VehicleResult {
  tokenId: number;
  types: Summary;
  page: Summary;
  statusCount: number;
  pageEvents: number;
}

async function measureVehicle(agent: Agent, sandboxUrl: string, developer: string, tokenId: number) {
  const url = `${sandboxUrl}/fetch/query`;
  const token = await getVehicleJwt(sandboxUrl, developer, tokenId, [1, 4]);
  const did = vehicleDid(tokenId);
  const typesBody = JSON.stringify({ query: TYPES_QUERY, variables: { did } });
  for (let i = 0; i < WARM_UP; i++) await timed(agent, url, token, typesBody);
  const types: number[] = [];
  let summary = "";
  for (let i = 0; i < SAMPLES; i++) {
    const answer = await timed(agent, url, token, typesBody);
    types.push(answer.ms);
    summary = answer.text;
  }
  const parsed = JSON.parse(summary) as { data: { availableCloudEventTypes: { type: string; count: number }[] } };
  const statusCount = parsed.data.availableCloudEventTypes.find((t) => t.type === "dimo.status")?.count ?? 0;

  // Each page ends at a different hour of the last 60 days: a fresh stretch of the simulation every time.
  const pageBody = (i: number) =>
    JSON.stringify({
      query: PAGE_QUERY,
      variables: { did, before: new Date(Date.now() - ((i * 977) % (60 * 24)) * HOUR_MS).toISOString() },
    });
  for (let i = 0; i < WARM_UP; i++) await timed(agent, url, token, pageBody(SAMPLES + i));
  const pages: number[] = [];
  let pageEvents = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const answer = await timed(agent, url, token, pageBody(i));
    pages.push(answer.ms);
    pageEvents = (JSON.parse(answer.text) as { data: { cloudEvents: unknown[] } }).data.cloudEvents.length;
  }
  return { tokenId, types: summarize(types), page: summarize(pages), statusCount, pageEvents };
}

const ms = (summary: Summary) => `median ${summary.median.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms`;
const verdict = (summary: Summary) => (toy ? "not judged" : summary.median < BUDGET_MEDIAN_MS ? "pass" : "FAIL");

async function main(): Promise<void> {
  const sandbox = await startSandboxServer();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const results: VehicleResult[] = [];
  try {
    const developer = await getDeveloperJwt(sandbox.url);
    const vehicles = toy
      ? [VEHICLE_IDS.rawDataCombustion]
      : [VEHICLE_IDS.rawDataBev, VEHICLE_IDS.rawDataCombustion, VEHICLE_IDS.perf];
    for (const tokenId of vehicles) {
      const result = await measureVehicle(agent, sandbox.url, developer, tokenId);
      results.push(result);
      console.log(
        `fetch ${tokenId}: types summary (${result.statusCount} status events) ${ms(result.types)} ` +
          `[budget ${BUDGET_MEDIAN_MS} ms: ${verdict(result.types)}]; page of ${result.pageEvents} status events ` +
          `${ms(result.page)} [budget ${BUDGET_MEDIAN_MS} ms: ${verdict(result.page)}]`,
      );
    }
  } finally {
    agent.destroy();
    await sandbox.stop();
  }
  const failed = results.some((r) => r.types.median >= BUDGET_MEDIAN_MS || r.page.median >= BUDGET_MEDIAN_MS);
  if (!toy && failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
