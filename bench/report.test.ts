import { describe, expect, it } from "vitest";
import { type ReportRow } from "./table";
import { type AllTripsResults } from "./all-trips";
import { BUDGETS, RATIO_BUDGETS } from "./budgets";
import { type LoadResults } from "./load";
import { baselineRows, reportRows } from "./report";
import { allTripsRows, mapRows } from "./report-map";
import { type MeasuredResults } from "./results";
import { summarize } from "./stats";
import { NO_REQUESTS, type UpstreamCounts } from "./upstream-counts";

const counts = (partial: Partial<UpstreamCounts>): UpstreamCounts => {
  const merged = { ...NO_REQUESTS, ...partial };
  return {
    ...merged,
    total: merged.auth + merged.exchanges + merged.identity + merged.trips + merged.telemetry + merged.other,
  };
};

/** All-trips figures within every budget: an empty map loads in 800 ms, a frame of it takes 50 ms. */
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
  panRuns: [
    { ms: 3_000, frameGapMs: 120, longestTaskMs: 60 },
    { ms: 3_200, frameGapMs: 150, longestTaskMs: 80 },
  ],
  panFrameGap: summarize([120, 150]),
  glyphBytes: 46_596,
  glyphFiles: ["/basemap/fonts/geist-semibold.woff2"],
  linesRuns: { "1000": [60], "10000": [120] },
  lines1k: summarize([60]),
  lines10k: summarize([120]),
  baseline: {
    tokenId: 19876,
    load: summarize([780, 800, 820]),
    loadRuns: [780, 800, 820],
    loadLongestTaskMs: [60, 70, 65],
    frame: summarize([45, 50, 55]),
    frameRuns: [45, 50, 55],
  },
});

const loadResults = (target: LoadResults["target"], requests: number, perSecond: number): LoadResults => ({
  target,
  users: 100,
  seconds: 30,
  vehicles: [1, 2],
  requests,
  errors: 0,
  errorSamples: [],
  perSecond,
  latency: summarize([10, 20]),
  upstream: counts(target === "trips" ? { exchanges: 2, trips: requests } : {}),
});

/** Results that meet every budget; each test breaks one thing. */
function passing(): MeasuredResults {
  const route = (path: string, gzipBytes: number, dashboard = true) => ({
    route: path,
    dashboard,
    scripts: 12,
    gzipBytes,
    rawBytes: gzipBytes * 3,
    walletScripts: [] as string[],
  });
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
      browserViews: { page: 2, views: 3, total: counts({ trips: 6 }), perView: counts({ trips: 2 }) },
      naive: {
        view: counts({ auth: 2, exchanges: 1, trips: 1 }),
        concurrentCold: counts({ auth: 100, exchanges: 50, trips: 50 }),
      },
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
    map: {
      tokenId: 17001,
      runs: {},
      draw1k: summarize([700]),
      draw10k: summarize([1_300]),
      drawEmpty: summarize([50]),
      firstPageDrawMs: 100,
      interactiveMs: 500,
      firstFrame: {
        routes: 100,
        firstFrame: summarize([1_200]),
        firstFrameRuns: [1_200],
        settledRuns: [1_500],
        longestTaskRuns: [180],
        loginLoad: summarize([600]),
        loginLoadRuns: [600],
        emptyLongestTaskRuns: [120],
      },
    },
    allTrips: allTripsResults(),
    tripRoutes: {
      tokenId: 21957,
      cold: [{ ms: 600, telemetryRequests: 10, points: 5_000, routes: 100 }],
      warm: [{ ms: 30, telemetryRequests: 0, points: 5_000, routes: 100 }],
      coldMs: summarize([600]),
      warmMs: summarize([30]),
      draw100Routed: summarize([220]),
      drawRuns: [220],
      drawEmpty: summarize([50]),
    },
    sandbox: {
      tokenId: 17001,
      page1: summarize([0.5]),
      page1000: summarize([0.5]),
      throughput: { requests: 5000, perSecond: 1000, failures: 0, seconds: 5, concurrency: 16 },
    },
    // A third of what the bare route serves under the same load.
    load: loadResults("trips", 100, 3.3),
    loadBaseline: loadResults("bare", 300, 10),
  };
}

/** Every browser timing of the results, figures and baselines alike, times `factor`: the same run on a slower machine. */
function slower(results: MeasuredResults, factor: number, { baselines = true } = {}): MeasuredResults {
  const scale = (values: number[]) => values.map((value) => value * factor);
  const a = results.allTrips;
  if (a) {
    a.warmLoad = summarize(scale(a.warmLoadRuns));
    a.warmLongestTaskMs = scale(a.warmLongestTaskMs);
    a.windowSwitchRuns = a.windowSwitchRuns.map((run) => ({
      ...run,
      ms: run.ms * factor,
      longestTaskMs: run.longestTaskMs * factor,
    }));
    a.windowSwitch = summarize(a.windowSwitchRuns.filter((run) => run.view === "clusters").map((run) => run.ms));
    a.densitySwitch = summarize(a.windowSwitchRuns.filter((run) => run.view === "density").map((run) => run.ms));
    a.panRuns = a.panRuns.map((run) => ({
      ms: run.ms * factor,
      frameGapMs: run.frameGapMs * factor,
      longestTaskMs: run.longestTaskMs * factor,
    }));
    a.panFrameGap = summarize(a.panRuns.map((run) => run.frameGapMs));
    a.lines1k = summarize([a.lines1k.median * factor]);
    a.lines10k = summarize([a.lines10k.median * factor]);
    if (baselines) {
      a.baseline.load = summarize(scale(a.baseline.loadRuns));
      a.baseline.loadLongestTaskMs = scale(a.baseline.loadLongestTaskMs);
      a.baseline.frame = summarize(scale(a.baseline.frameRuns));
    }
  }
  const t = results.tripRoutes;
  if (t) {
    t.draw100Routed = summarize([t.draw100Routed.median * factor]);
    if (baselines) t.drawEmpty = summarize([t.drawEmpty.median * factor]);
  }
  results.load.perSecond /= factor;
  if (baselines) results.loadBaseline.perSecond /= factor;
  return results;
}

const verdicts = (rows: ReportRow[]) =>
  rows.filter((row) => row.pass !== undefined).map((row) => [row.measure.split(":")[0], row.pass]);
const failed = (rows: ReportRow[]) => rows.filter((row) => row.pass === false).map((row) => row.measure);

describe("reportRows", () => {
  it("checks every budget of the issue and passes results that meet them", () => {
    const rows = reportRows(passing());
    expect(failed(rows)).toEqual([]);
    // warm view, warm browser views (each and in all), concurrent cold, overhead, one dashboard route, wallet code,
    // 1,000- and 10,000-trip line draws, the trips page's first frame and its longest task, nine all-trips figures (load, its longest task, each view's switch and its
    // longest task, panning's longest gap between frames and its longest task, the font), the routed page's draw,
    // load throughput and errors
    expect(verdicts(rows)).toHaveLength(23);
    expect(rows.find((row) => row.measure.includes("/login"))?.pass).toBeUndefined();
  });

  it("lists the baselines first, with no budget of their own", () => {
    const rows = reportRows(passing());
    const baselines = baselineRows(passing());
    expect(baselines.map((row) => row.measure.split(":")[0])).toEqual([
      "baseline",
      "baseline",
      "baseline",
      "baseline",
      "baseline",
    ]);
    expect(rows.slice(0, baselines.length)).toEqual(baselines);
    expect(baselines.every((row) => row.pass === undefined)).toBe(true);
    expect(baselines[0]?.value).toBe("800 ms (longest task 70.0 ms)");
  });

  it("shows each timing's absolute figure beside its ratio to the baseline", () => {
    const rows = reportRows(passing());
    const row = (start: string) => rows.find((candidate) => candidate.measure.startsWith(start));
    expect(row("8. all-trips map of 17001")).toMatchObject({
      ratio: "1.25x empty map load",
      budget: `< ${RATIO_BUDGETS.allTripsWarmLoad}x`,
    });
    expect(row("8. all-trips map of 17001")?.value).toMatch(/^1000 ms/);
    expect(row("4. map draw, 1,000 trips as lines")).toMatchObject({
      value: "60.0 ms",
      ratio: "1.20x empty map frame",
    });
    expect(row("8. all-trips time window switch, clusters view, click to drawn")?.ratio).toBe(
      "2.40x / 3.00x empty map frame",
    );
    expect(row("8. map draw, a page of 100 routed trips")?.ratio).toBe("4.40x draw of none");
    expect(row("6. load: 100 users")).toMatchObject({ value: "100 (3 req/s)", ratio: "0.33x bare route", pass: true });
  });

  it("judges timings by their baseline: a machine three times slower at both passes, one slower at the figures only does not", () => {
    expect(failed(reportRows(slower(passing(), 3)))).toEqual([]);
    expect(
      failed(reportRows(slower(passing(), 3, { baselines: false }))).map((measure) => measure.split(":")[0]),
    ).toEqual([
      "8. all-trips map of 17001 (100000 trips), warm load to drawn",
      "8. all-trips warm load",
      "8. all-trips time window switch, clusters view, click to drawn",
      "8. all-trips time window switch, clusters view",
      "8. all-trips time window switch, density view, click to drawn",
      "8. all-trips time window switch, density view",
      "8. all-trips pan and zoom (4 drags, 4 wheel zooms), longest gap between frames",
      "8. all-trips pan and zoom",
      "8. map draw, a page of 100 routed trips (5000 points)",
      "6. load",
    ]);
  });

  it("judges the trips page's first frame by the login page's load, and its longest task by the empty map's", () => {
    const results = passing();
    const rows = reportRows(results);
    const row = (start: string) => rows.find((candidate) => candidate.measure.startsWith(start));
    expect(row("4. trips page of 17001, warm, no click")).toMatchObject({ ratio: "2.00x login loads", pass: true });
    expect(row("4. that load's longest main-thread task")).toMatchObject({
      ratio: "1.50x empty load's task",
      pass: true,
    });
    const frame = results.map.firstFrame;
    frame.firstFrame = summarize([1_600]);
    frame.longestTaskRuns = [250];
    expect(failed(reportRows(results))).toEqual([
      "4. trips page of 17001, warm, no click: to the map's first frame with its 100 routes: median of 1",
      "4. that load's longest main-thread task",
    ]);
  });

  it("fails a timing whose baseline is missing", () => {
    const results = passing();
    if (results.allTrips) results.allTrips.baseline.frame = summarize([]);
    results.loadBaseline.perSecond = 0;
    const rows = reportRows(results);
    expect(rows.find((row) => row.measure.startsWith("4. map draw, 1,000"))).toMatchObject({
      ratio: "n/a",
      pass: false,
    });
    expect(failed(rows)).toContain("6. load: 100 users, 2 vehicles, 30 s: requests served");
  });

  it("counts only what the bare route served, so that quick errors make no baseline", () => {
    const results = passing();
    results.loadBaseline = { ...results.loadBaseline, errors: 150 };
    const throughput = reportRows(results).find((row) => row.measure.startsWith("6. load: 100 users"));
    expect(throughput).toMatchObject({ ratio: "0.66x bare route", pass: true });
    expect(baselineRows(results).at(-1)?.value).toMatch(/^150 \(10 req\/s; 150 errors;/);
  });

  it("fails a warm view that costs more than one upstream request", () => {
    const results = passing();
    results.upstream.dashboard.warmView = counts({ identity: 1, trips: 1 });
    expect(failed(reportRows(results))).toEqual(["1. upstream requests per warm view (mean of 10)"]);
  });

  it("fails warm browser views that read the Trips API more than twice each", () => {
    const results = passing();
    results.upstream.browserViews = { page: 2, views: 3, total: counts({ trips: 9 }), perView: counts({ trips: 3 }) };
    expect(failed(reportRows(results))).toEqual([
      "1. upstream requests per warm browser view (page 2, its prefetch and its routes; mean of 3)",
      "1. upstream requests, 3 warm browser views in all",
    ]);
  });

  it("reports each warm browser view's requests service by service", () => {
    const results = passing();
    results.upstream.browserViews = {
      page: 2,
      views: 3,
      total: counts({ trips: 6, telemetry: 3 }),
      perView: counts({ trips: 2, telemetry: 1 }),
    };
    const row = reportRows(results).find((r) => r.measure.startsWith("1. upstream requests per warm browser view"));
    expect(row).toMatchObject({ value: "3 (2 trips, 1 telemetry)", budget: "≤ 2 trips", pass: true });
  });

  it("reports results written before the browser views were measured without them", () => {
    const results = passing();
    delete results.upstream.browserViews;
    expect(reportRows(results).some((r) => r.measure.includes("browser view"))).toBe(false);
  });

  it("fails concurrent cold views that authenticate or exchange more than once", () => {
    const results = passing();
    results.upstream.dashboard.concurrentCold = counts({ auth: 4, exchanges: 1, trips: 50 });
    expect(failed(reportRows(results))).toEqual(["1. upstream requests, 50 concurrent cold views"]);
  });

  it("fails an overhead above the budget, a heavy dashboard route and wallet code in one", () => {
    const results = passing();
    results.overhead.overheadMedianMs = BUDGETS.overheadMedianMs + 0.01;
    results.javascript.routes.push({
      route: "/developer",
      dashboard: true,
      scripts: 14,
      gzipBytes: 190_001,
      rawBytes: 600_000,
      walletScripts: ["/_next/x.js"],
    });
    expect(failed(reportRows(results))).toEqual([
      "2. server overhead: median / p95",
      "3. first-load JS /developer",
      "3. wagmi or viem in a dashboard route",
    ]);
  });

  it("fails a slow 1,000-trip draw and a load test with errors", () => {
    const results = passing();
    if (results.allTrips) results.allTrips.lines1k = summarize([RATIO_BUDGETS.draw1kFrames * 50]);
    results.load.errors = 1;
    expect(failed(reportRows(results))).toEqual([
      "4. map draw, 1,000 trips as lines (all-trips lines view): median of 1",
      "6. load: errors",
    ]);
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
    expect(allTripsRows({ allTrips: allTripsResults() })).toHaveLength(9);
    expect(allTripsRows({})).toEqual([]);
    expect(mapRows({})).toEqual([]);
  });

  it("fails a slow load, a long task, a slow switch and heavy glyphs", () => {
    const results = allTripsResults();
    // The empty map: loads in 800 ms, its longest task 70 ms, a frame 50 ms.
    results.warmLoad = summarize([800 * RATIO_BUDGETS.allTripsWarmLoad]);
    results.warmLongestTaskMs = [70 * RATIO_BUDGETS.allTripsLoadTask + 1];
    results.windowSwitchRuns = [
      {
        view: "clusters",
        window: "all",
        ms: 50 * RATIO_BUDGETS.allTripsWindowFrames,
        longestTaskMs: 50 * RATIO_BUDGETS.allTripsSwitchTaskFrames + 1,
        shown: 100_000,
      },
    ];
    results.windowSwitch = summarize([50 * RATIO_BUDGETS.allTripsWindowFrames]);
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
    results.windowSwitchRuns = results.windowSwitchRuns.map((run) =>
      run.view === "density" ? { ...run, longestTaskMs: 101 } : run,
    );
    expect(failed(allTripsRows({ allTrips: results })).map((measure) => measure.split(":")[0])).toEqual([
      "8. all-trips time window switch, density view, click to drawn",
      "8. all-trips time window switch, density view",
    ]);
  });

  it("fails a pan with a long gap between frames or a long task, in frames of the empty map", () => {
    const results = allTripsResults();
    // A frame of the empty map: 50 ms.
    results.panRuns = [
      { ms: 3_000, frameGapMs: 50 * RATIO_BUDGETS.allTripsPanGapFrames, longestTaskMs: 60 },
      { ms: 3_000, frameGapMs: 100, longestTaskMs: 50 * RATIO_BUDGETS.allTripsPanTaskFrames + 1 },
    ];
    results.panFrameGap = summarize(results.panRuns.map((run) => run.frameGapMs));
    const rows = allTripsRows({ allTrips: results });
    expect(failed(rows).map((measure) => measure.split(":")[0])).toEqual([
      "8. all-trips pan and zoom (4 drags, 4 wheel zooms), longest gap between frames",
      "8. all-trips pan and zoom",
    ]);
    expect(rows.find((row) => row.measure.includes("longest gap between frames"))?.ratio).toBe(
      `2.00x / ${RATIO_BUDGETS.allTripsPanGapFrames.toFixed(2)}x empty map frame`,
    );
  });

  it("counts an empty map load with no long task as one of the shortest the browser reports", () => {
    const results = allTripsResults();
    results.baseline.loadLongestTaskMs = [0, 0, 0];
    results.warmLongestTaskMs = [70];
    const task = allTripsRows({ allTrips: results }).find(
      (row) => row.measure === "8. all-trips warm load: longest main-thread task",
    );
    expect(task).toMatchObject({ ratio: "1.40x empty load's task", pass: true });
  });
});
