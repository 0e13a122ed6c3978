import { describe, expect, it } from "vitest";
import { type ReportRow } from "./table";
import { type AllTripsResults } from "./all-trips";
import { BUDGETS, allTripsRows, reportRows } from "./report";
import { type MeasuredResults } from "./results";
import { summarize } from "./stats";
import { NO_REQUESTS, type UpstreamCounts } from "./upstream-counts";

const counts = (partial: Partial<UpstreamCounts>): UpstreamCounts => {
  const merged = { ...NO_REQUESTS, ...partial };
  return { ...merged, total: merged.auth + merged.exchanges + merged.identity + merged.trips + merged.other };
};

/** All-trips figures within every budget. */
const allTripsResults = (): AllTripsResults => ({
  tokenId: 17001,
  trips: 100_000,
  warmLoad: summarize([900, 1_000, 1_100]),
  warmLoadRuns: [900, 1_000, 1_100],
  warmStreamRuns: [500, 600, 700],
  warmLongestTaskMs: [60, 80, 70],
  windowSwitch: summarize([120, 150]),
  densitySwitch: summarize([130, 160]),
  windowSwitchRuns: [
    { view: "clusters", window: "30d", ms: 120, longestTaskMs: 40, shown: 3_000 },
    { view: "clusters", window: "all", ms: 150, longestTaskMs: 50, shown: 100_000 },
    { view: "density", window: "30d", ms: 130, longestTaskMs: 60, shown: 3_000 },
    { view: "density", window: "all", ms: 160, longestTaskMs: 70, shown: 100_000 },
  ],
  glyphBytes: 46_596,
  glyphFiles: ["/basemap/fonts/geist-semibold.woff2"],
  linesRuns: { "1000": [60], "10000": [120] },
  lines1k: summarize([60]),
  lines10k: summarize([120]),
});

/** Results that meet every budget; each test breaks one thing. */
function passing(): MeasuredResults {
  const route = (path: string, gzipBytes: number, dashboard = true) => ({ route: path, dashboard, scripts: 12, gzipBytes, rawBytes: gzipBytes * 3, walletScripts: [] as string[] });
  return {
    upstream: {
      tokenId: 21957,
      concurrency: 50,
      dashboard: {
        coldView: counts({ auth: 2, exchanges: 1, identity: 1, trips: 1 }),
        warmView: counts({ trips: 1 }),
        warmViews: 10,
        concurrentCold: counts({ auth: 2, exchanges: 1, identity: 1, trips: 50 }),
      },
      naive: { view: counts({ auth: 2, exchanges: 1, trips: 1 }), concurrentCold: counts({ auth: 100, exchanges: 50, trips: 50 }) },
    },
    overhead: {
      tokenId: 21957,
      samples: 3,
      direct: summarize([1, 1, 1]),
      action: summarize([4, 4, 4]),
      overheadMedianMs: 3,
      overheadP95Ms: 3,
      actionFloor: summarize([2]),
      page: summarize([20]),
      pageOverheadMedianMs: 19,
    },
    javascript: {
      gzipLevel: 9,
      excludes: "nomodule scripts",
      routes: [route("/vehicles", 180_000), route("/login", 230_000, false)],
      mapChunks: [{ file: "a.js", gzipBytes: 290_000, rawBytes: 1_000_000 }],
      largestDashboardRoute: null,
    },
    // The trips map's draws are for reference: slower than the lines view's budgets, and no verdict.
    map: { tokenId: 17001, runs: {}, draw1k: summarize([700]), draw10k: summarize([1_300]), firstPageDrawMs: 100, interactiveMs: 500 },
    allTrips: allTripsResults(),
    sandbox: {
      tokenId: 17001,
      page1: summarize([0.5]),
      page1000: summarize([0.5]),
      throughput: { requests: 5000, perSecond: 1000, failures: 0, seconds: 5, concurrency: 16 },
    },
    load: {
      users: 100,
      seconds: 30,
      vehicles: [1, 2],
      requests: 100,
      errors: 0,
      errorSamples: [],
      perSecond: 3.3,
      latency: summarize([10, 20]),
      upstream: counts({ exchanges: 2, trips: 100 }),
    },
  };
}

const verdicts = (rows: ReportRow[]) => rows.filter((row) => row.pass !== undefined).map((row) => [row.measure.split(":")[0], row.pass]);
const failed = (rows: ReportRow[]) => rows.filter((row) => row.pass === false).map((row) => row.measure);

describe("reportRows", () => {
  it("checks every budget of the issue and passes results that meet them", () => {
    const rows = reportRows(passing());
    expect(failed(rows)).toEqual([]);
    // warm view, concurrent cold, overhead, one dashboard route, wallet code, 1,000- and 10,000-trip line draws, seven
    // all-trips figures (load, its longest task, each view's switch and its longest task, the font), load errors
    expect(verdicts(rows)).toHaveLength(15);
    expect(rows.find((row) => row.measure.includes("/login"))?.pass).toBeUndefined();
  });

  it("fails a warm view that costs more than one upstream request", () => {
    const results = passing();
    results.upstream.dashboard.warmView = counts({ identity: 1, trips: 1 });
    expect(failed(reportRows(results))).toEqual(["1. upstream requests per warm view (mean of 10)"]);
  });

  it("fails concurrent cold views that authenticate or exchange more than once", () => {
    const results = passing();
    results.upstream.dashboard.concurrentCold = counts({ auth: 4, exchanges: 1, trips: 50 });
    expect(failed(reportRows(results))).toEqual(["1. upstream requests, 50 concurrent cold views"]);
  });

  it("fails an overhead above the budget, a heavy dashboard route and wallet code in one", () => {
    const results = passing();
    results.overhead.overheadMedianMs = BUDGETS.overheadMedianMs + 0.01;
    results.javascript.routes.push({ route: "/developer", dashboard: true, scripts: 14, gzipBytes: 190_001, rawBytes: 600_000, walletScripts: ["/_next/x.js"] });
    expect(failed(reportRows(results))).toEqual([
      "2. server overhead: median / p95",
      "3. first-load JS /developer",
      "3. wagmi or viem in a dashboard route",
    ]);
  });

  it("fails a slow 1,000-trip draw and a load test with errors", () => {
    const results = passing();
    if (results.allTrips) results.allTrips.lines1k = summarize([500]);
    results.load.errors = 1;
    expect(failed(reportRows(results))).toEqual(["4. map draw, 1,000 trips as lines (all-trips lines view): median of 1", "6. load: errors"]);
  });

  it("shows wallet code on the sign-in page without failing it", () => {
    const results = passing();
    const login = results.javascript.routes[1];
    if (login) login.walletScripts = ["/_next/wagmi.js"];
    const row = reportRows(results).find((candidate) => candidate.measure.includes("/login"));
    expect(row?.value).toMatch(/wagmi\/viem/);
    expect(row?.pass).toBeUndefined();
  });
});

describe("allTripsRows", () => {
  it("passes figures within the budgets and adds nothing without a measurement", () => {
    expect(failed(allTripsRows({ allTrips: allTripsResults() }))).toEqual([]);
    expect(allTripsRows({ allTrips: allTripsResults() })).toHaveLength(7);
    expect(allTripsRows({})).toEqual([]);
  });

  it("fails a slow load, a long task, a slow switch and heavy glyphs", () => {
    const results = allTripsResults();
    results.warmLoad = summarize([1_500]);
    results.warmLongestTaskMs = [101];
    results.windowSwitchRuns = [{ view: "clusters", window: "all", ms: 200, longestTaskMs: 120, shown: 100_000 }];
    results.windowSwitch = summarize([200]);
    results.glyphBytes = BUDGETS.allTripsGlyphBytes + 1;
    expect(failed(allTripsRows({ allTrips: results })).map((measure) => measure.split(":")[0])).toEqual([
      "8. all-trips map of 17001 (100000 trips), warm load to drawn",
      "8. all-trips warm load",
      "8. all-trips time window switch, clusters view, click to drawn",
      "8. all-trips time window switch, clusters view",
      "8. all-trips cluster counts",
    ]);
  });

  it("fails the density view's slow switch or long task on its own rows", () => {
    const results = allTripsResults();
    results.densitySwitch = summarize([130, 210]);
    results.windowSwitchRuns = results.windowSwitchRuns.map((run) => (run.view === "density" ? { ...run, longestTaskMs: 101 } : run));
    expect(failed(allTripsRows({ allTrips: results })).map((measure) => measure.split(":")[0])).toEqual([
      "8. all-trips time window switch, density view, click to drawn",
      "8. all-trips time window switch, density view",
    ]);
  });
});
