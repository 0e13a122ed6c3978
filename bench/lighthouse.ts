/**
 * `npm run bench:lighthouse`: Lighthouse (desktop preset) over every page of the dashboard, to measure and budget how
 * fast each starts, the map pages with their maps loading by themselves and the map's share of their main thread. Starts the sandbox and the production build (building it first when there is none) on free
 * loopback ports, signs the demo owner in and runs Lighthouse on each page in one headless Chromium, the login page
 * signed out and the others with the session cookie. Prints the figures and each budget's pass or FAIL and writes them
 * to bench/lighthouse-results.json. A failed budget is reported and the exit code stays 0; only a run that could not
 * happen exits non-zero. Everything started here is stopped at the end, on failure and on Ctrl-C too.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { type LaunchedChrome, launch } from "chrome-launcher";
import playwrightConfig from "@/playwright.config";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { registerCleanup, stopAllProcesses, stopAllProcessesOnSignal } from "@/test-support/processes";
import { newAuthSecret, startDashboard, startSandboxServer } from "@/test-support/servers";
import { isChunkOf, mapChunkNames } from "./lighthouse-map-share";
import {
  type LighthousePage,
  type LighthouseReport,
  formatShift,
  lighthouseRows,
  summarizeReport,
  withTbtRatios,
} from "./lighthouse-report";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { ensureProductionBuild } from "./production-build";
import { signIn } from "./session";
import { formatMs, formatRatio, markdownTable, reportTable, verdict } from "./table";
import { sized } from "./size";

// A toy run writes beside the test results, leaving the last measured figures alone.
const RESULTS_FILE = sized("bench/lighthouse-results.json", "test-results/lighthouse-results.toy.json");
const VEHICLE = VEHICLE_IDS.manyTrips;
const LOGIN_PATH = "/login";
/** Every page a signed-in person reaches from the navigation; `map`: it draws a map by itself as it loads. */
const PAGES: readonly { path: string; signedIn: boolean; map?: true }[] = [
  { path: LOGIN_PATH, signedIn: false },
  { path: "/vehicles", signedIn: true },
  { path: `/vehicles/${VEHICLE}`, signedIn: true, map: true },
  { path: `/vehicles/${VEHICLE}/trips`, signedIn: true, map: true },
  { path: `/vehicles/${VEHICLE}/trips/all`, signedIn: true, map: true },
  { path: `/vehicles/${VEHICLE}/value`, signedIn: true },
  { path: `/vehicles/${VEHICLE}/attestations`, signedIn: true },
  { path: `/vehicles/${VEHICLE_IDS.rawDataBev}/raw`, signedIn: true },
  { path: "/fleet", signedIn: true, map: true },
  { path: "/webhooks", signedIn: true },
  { path: "/webhooks/new", signedIn: true },
  { path: "/webhooks/inbox", signedIn: true },
  { path: "/share", signedIn: true },
  { path: "/license", signedIn: true },
  { path: "/team", signedIn: true },
  { path: "/audit", signedIn: true },
  { path: "/usage", signedIn: true },
  { path: "/developer", signedIn: true },
  { path: "/developer/tokens", signedIn: true },
  { path: "/developer/activity", signedIn: true },
];
const AUDIT_SCRIPT = "bench/lighthouse-audit.mjs";
/** `LIGHTHOUSE_PAGES=/login,/vehicles/21957/trips` audits those pages only (the login page always, for the ratios). */
const ONLY_PAGES =
  process.env.LIGHTHOUSE_PAGES?.split(",").map((path) => path.trim()) ?? sized(undefined, ["/vehicles"]);
/** `LIGHTHOUSE_REPORTS=folder` keeps each page's whole report there, with its long tasks and script boot-up times. */
const REPORTS_FOLDER = process.env.LIGHTHOUSE_REPORTS;

const pagesToAudit = ONLY_PAGES ? PAGES.filter(({ path }) => path === LOGIN_PATH || ONLY_PAGES.includes(path)) : PAGES;

const loadAtStart = loadAverageNow();
const started = performance.now();
const step = (text: string) =>
  console.log(`[lighthouse ${((performance.now() - started) / 1000).toFixed(0)} s] ${text}`);

/** The full Chromium (scripts/find-browser.mjs) with the browser tests' launch flags, in the new headless mode. */
async function launchChromium(): Promise<LaunchedChrome> {
  // A plain-JavaScript module shared with the npm scripts; imported by URL since it ships no type declarations.
  const finder = (await import(pathToFileURL(resolve("scripts/find-browser.mjs")).href)) as {
    findBrowser: () => Promise<string>;
  };
  const chrome = await launch({
    chromePath: await finder.findBrowser(),
    chromeFlags: ["--headless=new", ...(playwrightConfig.use?.launchOptions?.args ?? [])],
    // The bench's own handler stops the browser with the servers.
    handleSIGINT: false,
  });
  registerCleanup(async () => chrome.kill());
  return chrome;
}

/** One page's Lighthouse report, from the plain-Node script that runs Lighthouse (see its header for why). */
async function auditPage(chrome: LaunchedChrome, url: string, cookie: string | undefined): Promise<LighthouseReport> {
  const folder = mkdtempSync(join(tmpdir(), "dimo-lighthouse-"));
  const reportFile = join(folder, "report.json");
  try {
    await promisify(execFile)(process.execPath, [AUDIT_SCRIPT, url, String(chrome.port), reportFile], {
      env: { ...process.env, ...(cookie ? { LIGHTHOUSE_COOKIE: cookie } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(readFileSync(reportFile, "utf8")) as LighthouseReport;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function keepReport(folder: string, path: string, report: LighthouseReport): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${path.replace(/^\//, "").replace(/\//g, "_") || "root"}.json`), JSON.stringify(report));
}

function printFigures(pages: ReturnType<typeof withTbtRatios>): void {
  const score = (value: number) => (Number.isFinite(value) ? String(value) : "n/a");
  const failed = (ids: readonly string[]) => (ids.length ? ids.join(", ") : "none");
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  console.log(
    markdownTable(
      [
        "page",
        "perf",
        "a11y",
        "best pr.",
        "LCP",
        "CLS",
        "TBT",
        "TBT vs login",
        "map's TBT",
        "map's CPU",
        "failed best practices",
        "failed a11y",
      ],
      pages.map((page) => [
        page.path,
        score(page.performance),
        score(page.accessibility),
        score(page.bestPractices),
        formatMs(page.largestContentfulPaintMs),
        formatShift(page.cumulativeLayoutShift),
        formatMs(page.totalBlockingTimeMs),
        formatRatio(page.tbtVsLogin),
        page.map ? `${formatMs(page.map.blockingMs)} (${percent(page.map.blockingShare)})` : "no map",
        page.map ? `${formatMs(page.map.cpuMs)} (${percent(page.map.cpuShare)})` : "no map",
        failed(page.failedAudits.bestPractices),
        failed(page.failedAudits.accessibility),
      ]),
    ),
  );
}

async function main(): Promise<void> {
  ensureProductionBuild(step);
  step("starting the sandbox and the dashboard…");
  const sandbox = await startSandboxServer();
  const dashboard = await startDashboard({ sandboxUrl: sandbox.url, authSecret: newAuthSecret() });
  const cookie = (await signIn(dashboard.url, DEMO_OWNER.privateKey)).header();
  // Once through each page first, so the figures are the browser's start-up and not the first token exchange.
  for (const { path, signedIn } of pagesToAudit) {
    await fetch(`${dashboard.url}${path}`, signedIn ? { headers: { cookie } } : {}).then((response) => response.text());
  }

  const isMapScript = isChunkOf(mapChunkNames(".next"));
  const chrome = await launchChromium();
  const measured: LighthousePage[] = [];
  for (const { path, signedIn, map } of pagesToAudit) {
    step(`Lighthouse ${path}${signedIn ? "" : " (signed out)"}…`);
    const report = await auditPage(chrome, `${dashboard.url}${path}`, signedIn ? cookie : undefined);
    if (REPORTS_FOLDER) keepReport(REPORTS_FOLDER, path, report);
    const page = summarizeReport(path, signedIn, report, map ? isMapScript : undefined);
    if (page.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${page.runtimeError}`);
    if (signedIn && new URL(page.finalUrl).pathname === LOGIN_PATH)
      throw new Error(`${path} sent the signed-in browser to the login page: the session cookie did not reach it`);
    measured.push(page);
  }
  chrome.kill();

  const pages = withTbtRatios(measured, LOGIN_PATH);
  const rows = lighthouseRows(pages);
  const date = new Date().toISOString();
  const machine = describeMachine(loadAtStart);
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ date, machine, pages, report: rows }, null, 2)}\n`);

  const failed = rows.filter((row) => verdict(row.pass) === "FAIL").length;
  console.log(`\nLighthouse (desktop preset), ${runHeader(date, machine)}\n`);
  printFigures(pages);
  console.log(`\n${reportTable(rows)}`);
  console.log(
    `\n${rows.length - failed} of ${rows.length} budgets met${failed ? `, ${failed} FAILED` : ""}. Figures: ${RESULTS_FILE}`,
  );
}

stopAllProcessesOnSignal("the browser and the servers");

main()
  .catch((error: unknown) => {
    console.error(
      `Lighthouse could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAllProcesses());
