/**
 * `npm run bench:overview`: the Overview's two budgets, measured and printed. Starts the sandbox and the production
 * build on free loopback ports (as `npm run bench` does), signs in, then:
 *  - first-load JavaScript of `/vehicles/<id>` (gzip level 9, every `<script src>` of its HTML; budget 190 kB), and
 *    whether the signal catalog is among those scripts (the panels that need it load it on demand);
 *  - time to interactive for a warm vehicle in Chromium: from navigation start to the Overview's
 *    `overview:interactive` mark (its data on screen, hydrated), over full page loads after one warm-up load (budget
 *    1 s, median).
 * Everything started here is stopped at the end.
 */
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { stopAllProcesses } from "@/test-support/processes";
import { hasProductionBuild, newAuthSecret, startDashboard, startSandboxServer } from "@/test-support/servers";
import { enableTestHooks } from "@/test-support/test-hooks";
import { launchChromium } from "./browser";
import { scriptSources } from "./javascript";
import { measureJavaScript } from "./javascript-size";
import { signIn } from "./session";
import { summarize } from "./stats";
import { sized } from "./size";

const TOKEN_ID = Number(process.env.BENCH_VEHICLE ?? VEHICLE_IDS.manyTrips);
const LOADS = sized(9, 1);
const JS_BUDGET_BYTES = 190_000;
const INTERACTIVE_BUDGET_MS = 1_000;
/** A label only lib/signals/catalog.ts carries: the catalog is in a script that has it. */
const CATALOG_MARKER = "Oxygen sensor 1 voltage";

/** Whether any script the Overview's HTML loads carries the signal catalog. */
async function firstLoadHasCatalog(baseUrl: string, cookie: string): Promise<boolean> {
  const pageUrl = `${baseUrl}/vehicles/${TOKEN_ID}`;
  const html = await (await fetch(pageUrl, { headers: { cookie } })).text();
  const bodies = await Promise.all(scriptSources(html, pageUrl).map(async (src) => (await fetch(src)).text()));
  return bodies.some((body) => body.includes(CATALOG_MARKER));
}

async function main(): Promise<void> {
  if (!hasProductionBuild()) throw new Error("no production build: run npm run build first");
  const sandbox = await startSandboxServer();
  const dashboard = await startDashboard({ sandboxUrl: sandbox.url, authSecret: newAuthSecret() });
  const session = { baseUrl: dashboard.url, jar: await signIn(dashboard.url, DEMO_OWNER.privateKey) };

  const javascript = await measureJavaScript(session, TOKEN_ID);
  const overview = javascript.routes.find((route) => route.route === `/vehicles/${TOKEN_ID}`);
  if (!overview) throw new Error("the Overview route was not measured");
  const catalogInFirstLoad = await firstLoadHasCatalog(session.baseUrl, session.jar.header());

  const browser = await launchChromium();
  const samples: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(session.jar.entries().map(([name, value]) => ({ name, value, url: session.baseUrl })));
    const page = await context.newPage();
    await enableTestHooks(page);
    for (let load = 0; load <= LOADS; load += 1) {
      await page.goto(`${session.baseUrl}/vehicles/${TOKEN_ID}`);
      await page.locator('[data-testid="telemetry-overview"][data-state="ready"]').waitFor({ timeout: 30_000 });
      const interactive = await page.evaluate(
        () => performance.getEntriesByName("overview:interactive")[0]?.startTime ?? null,
      );
      if (interactive === null) throw new Error("the Overview recorded no interactive mark");
      // The first load warms the vehicle (grant, token, caches): the budget is about a warm vehicle.
      if (load > 0) samples.push(interactive);
    }
    await context.close();
  } finally {
    await browser.close();
  }

  const time = summarize(samples);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(`\nOverview of vehicle ${TOKEN_ID}`);
  console.log(
    `  first-load JavaScript: ${kb(overview.gzipBytes)} gzipped (${overview.scripts} scripts, ${kb(overview.rawBytes)} raw); budget ${kb(JS_BUDGET_BYTES)}: ${overview.gzipBytes <= JS_BUDGET_BYTES ? "pass" : "FAIL"}`,
  );
  console.log(`  signal catalog in the first load: ${catalogInFirstLoad ? "yes (should load on demand)" : "no"}`);
  console.log(
    `  largest dashboard route: ${javascript.largestDashboardRoute?.route} ${kb(javascript.largestDashboardRoute?.gzipBytes ?? 0)}`,
  );
  console.log(
    `  interactive after navigation (warm, ${time.count} full loads): median ${time.median.toFixed(0)} ms, p95 ${time.p95.toFixed(0)} ms, min ${time.min.toFixed(0)} ms, max ${time.max.toFixed(0)} ms; budget ${INTERACTIVE_BUDGET_MS} ms: ${time.median <= INTERACTIVE_BUDGET_MS ? "pass" : "FAIL"}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
