/**
 * `npm run bench:roster-page`: what the browser receives for the vehicle list, on the production build, for a license
 * with 10,000 more vehicles (`--fleet 10000`) and for the sandbox's own license of a dozen: the `/vehicles` HTML and
 * every script it loads, each gzipped at level 9, once the roster is read to its end. Budget: the fleet's page within
 * 5% of the small one's. Builds first when there is no build; prints the figures and the budget's pass or FAIL.
 */
import { gzipSync, constants } from "node:zlib";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { stopAllProcesses, stopAllProcessesOnSignal } from "@/test-support/processes";
import { newAuthSecret, startDashboard, startSandboxServer } from "@/test-support/servers";
import { scriptSources } from "./javascript";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { ensureProductionBuild } from "./production-build";
import { signIn } from "./session";
import { markdownTable } from "./table";
import { sized } from "./size";

const FLEET_SIZE = sized(10_000, 200);
const SIZE_GROWTH_BUDGET = 0.05;
/** The roster of 10,000 vehicles is read at DIMO's pace within seconds; this only guards against a hang. */
const ROSTER_READ_TIMEOUT_MS = 180_000;
const PROGRESS_MARKER = 'data-testid="vehicle-roster-progress"';

const loadAtStart = loadAverageNow();
const gzipSize = (body: Buffer | string) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;

interface PageSize {
  license: string;
  htmlGzip: number;
  scriptsGzip: number;
  scripts: number;
  rows: number;
}

/** The list page once the roster no longer says it is being read, with its scripts. */
async function measureList(license: string, sandboxArgs: string[]): Promise<PageSize> {
  const sandbox = await startSandboxServer(sandboxArgs);
  const dashboard = await startDashboard({
    sandboxUrl: sandbox.url,
    authSecret: newAuthSecret(),
    env: { DIMO_RATE_LIMITS: "on" },
  });
  const cookie = (await signIn(dashboard.url, DEMO_OWNER.privateKey)).header();
  const url = `${dashboard.url}/vehicles`;
  const deadline = Date.now() + ROSTER_READ_TIMEOUT_MS;
  let html = "";
  for (;;) {
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    html = await response.text();
    if (response.status !== 200) throw new Error(`/vehicles answered ${response.status}`);
    if (!html.includes(PROGRESS_MARKER)) break;
    if (Date.now() > deadline) throw new Error(`the ${license} roster was still being read after the timeout`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const sources = scriptSources(html, url);
  const bodies = await Promise.all(sources.map(async (src) => Buffer.from(await (await fetch(src)).arrayBuffer())));
  await dashboard.stop();
  await sandbox.stop();
  return {
    license,
    htmlGzip: gzipSize(html),
    scriptsGzip: bodies.reduce((sum, body) => sum + gzipSize(body), 0),
    scripts: sources.length,
    rows: html.match(/data-testid="vehicle-row"/g)?.length ?? 0,
  };
}

async function main(): Promise<void> {
  ensureProductionBuild((text) => console.log(text));
  const small = await measureList("12 vehicles", []);
  const fleet = await measureList(`${FLEET_SIZE.toLocaleString("en-US")} more vehicles`, [
    "--fleet",
    String(FLEET_SIZE),
  ]);
  const total = (page: PageSize) => page.htmlGzip + page.scriptsGzip;
  const growth = total(fleet) / total(small) - 1;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`\nThe vehicle list's page, ${runHeader(new Date().toISOString(), describeMachine(loadAtStart))}\n`);
  console.log(
    markdownTable(
      ["license", "rows", "HTML (gzip)", "scripts", "scripts (gzip)", "HTML + scripts"],
      [small, fleet].map((page) => [
        page.license,
        String(page.rows),
        kb(page.htmlGzip),
        String(page.scripts),
        kb(page.scriptsGzip),
        kb(total(page)),
      ]),
    ),
  );
  const pass = growth <= SIZE_GROWTH_BUDGET;
  console.log(
    `\nThe fleet's page is ${(growth * 100).toFixed(1)}% larger (budget ${SIZE_GROWTH_BUDGET * 100}%): ${pass ? "pass" : "FAIL"}`,
  );
}

stopAllProcessesOnSignal("the servers");
main()
  .catch((error: unknown) => {
    console.error(
      `The list page bench could not run: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
