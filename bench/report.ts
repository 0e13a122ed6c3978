import { BUDGETS, RATIO_BUDGETS, ratio } from "./budgets";
import { type LoadResults } from "./load";
import { type MapFigures, allTripsRows, mapBaselineRows, mapRows, routeRows } from "./report-map";
import { type MeasuredResults } from "./results";
import { TELEMETRY_BUDGETS } from "./sandbox-telemetry";
import { type ReportRow, formatKb, formatMs, formatRatio } from "./table";
import { describeCounts } from "./upstream-counts";

/**
 * The report: the baselines first, then one row per figure in the order, each timing beside its baseline,
 * with its budget and a pass or FAIL where there is one (budgets.ts). A failed budget is a row like any other; the
 * bench reports it and still finishes normally.
 */

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Warm views as the browser makes them: what each costs, service by service, and the Trips API's budget. */
function browserViewRows(r: MeasuredResults): ReportRow[] {
  const views = r.upstream.browserViews;
  if (!views) return [];
  const what = `page ${views.page}, its prefetch and its routes`;
  const budget = BUDGETS.warmBrowserViewTrips;
  return [
    {
      measure: `1. upstream requests per warm browser view (${what}; mean of ${views.views})`,
      value: describeCounts(views.perView),
      budget: `≤ ${budget} trips`,
      pass: views.perView.trips <= budget,
    },
    {
      measure: `1. upstream requests, ${views.views} warm browser views in all`,
      value: describeCounts(views.total),
      budget: `≤ ${budget * views.views} trips`,
      pass: views.total.trips <= budget * views.views,
    },
  ];
}

function upstreamRows(r: MeasuredResults): ReportRow[] {
  const { dashboard, naive, concurrency, tokenId } = r.upstream;
  const cold = dashboard.concurrentCold;
  return [
    {
      measure: `1. upstream requests, first (cold) trips page view of ${tokenId}`,
      value: describeCounts(dashboard.coldView),
      budget: "",
    },
    {
      measure: `1. upstream requests per warm view (mean of ${dashboard.warmViews})`,
      value: describeCounts(dashboard.warmView),
      budget: `= ${BUDGETS.warmViewUpstream}`,
      pass: dashboard.warmView.total === BUDGETS.warmViewUpstream,
    },
    ...browserViewRows(r),
    {
      measure: `1. upstream requests, ${concurrency} concurrent cold views`,
      value: describeCounts(cold),
      budget: `${BUDGETS.concurrentColdAuth} auth, ${BUDGETS.concurrentColdExchanges} exchange`,
      pass: cold.auth === BUDGETS.concurrentColdAuth && cold.exchanges === BUDGETS.concurrentColdExchanges,
    },
    { measure: "1. naive baseline (no cache), per view, cold or warm", value: describeCounts(naive.view), budget: "" },
    {
      measure: `1. naive baseline, ${concurrency} concurrent views`,
      value: describeCounts(naive.concurrentCold),
      budget: "",
    },
  ];
}

function overheadRows(r: MeasuredResults): ReportRow[] {
  const o = r.overhead;
  return [
    {
      measure: `2. trips page straight from the sandbox, warm token: median / p95 (${o.samples})`,
      value: `${formatMs(o.direct.median)} / ${formatMs(o.direct.p95)}`,
      budget: "",
    },
    {
      measure: `2. same page via the trips route: median / p95 (${o.samples})`,
      value: `${formatMs(o.action.median)} / ${formatMs(o.action.p95)}`,
      budget: "",
    },
    {
      measure: "2. server overhead: median / p95",
      value: `${formatMs(o.overheadMedianMs)} / ${formatMs(o.overheadP95Ms)}`,
      budget: `median <= ${BUDGETS.overheadMedianMs} ms`,
      pass: o.overheadMedianMs <= BUDGETS.overheadMedianMs,
    },
    {
      measure: `2. request handling + session check alone (no upstream call): median (${o.actionFloor.count})`,
      value: formatMs(o.actionFloor.median),
      budget: "",
    },
    {
      measure: `2. whole trips page HTML (server-rendered): median / p95 (${o.page.count})`,
      value: `${formatMs(o.page.median)} / ${formatMs(o.page.p95)}`,
      budget: "",
    },
  ];
}

function javascriptRows(r: MeasuredResults): ReportRow[] {
  const js = r.javascript;
  const rows: ReportRow[] = js.routes.map((route) => ({
    measure: `3. first-load JS ${route.route}${route.dashboard ? "" : " (sign-in page)"}`,
    value: `${formatKb(route.gzipBytes)} gz (${plural(route.scripts, "script")})${route.walletScripts.length ? ", wagmi/viem" : ""}`,
    budget: route.dashboard ? `<= ${formatKb(BUDGETS.dashboardRouteGzipBytes)}` : "",
    ...(route.dashboard ? { pass: route.gzipBytes <= BUDGETS.dashboardRouteGzipBytes } : {}),
  }));
  const mapBytes = js.mapChunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  rows.push({
    measure: "3. map chunk (MapLibre, loaded on demand)",
    value: js.mapChunks.length ? `${formatKb(mapBytes)} gz (${plural(js.mapChunks.length, "chunk")})` : "not found",
    budget: "",
  });
  const withWallet = js.routes.filter((route) => route.dashboard && route.walletScripts.length > 0);
  rows.push({
    measure: "3. wagmi or viem in a dashboard route",
    value: withWallet.length ? withWallet.map((route) => route.route).join(", ") : "none",
    budget: "none",
    pass: withWallet.length === 0,
  });
  return rows;
}

function sandboxRows(r: MeasuredResults): ReportRow[] {
  const s = r.sandbox;
  return [
    {
      measure: `5. sandbox trips page 1 of ${s.tokenId}: median / p95 (${s.page1.count})`,
      value: `${formatMs(s.page1.median)} / ${formatMs(s.page1.p95)}`,
      budget: "",
    },
    {
      measure: `5. sandbox trips page 1,000 of ${s.tokenId}: median / p95`,
      value: `${formatMs(s.page1000.median)} / ${formatMs(s.page1000.p95)}`,
      budget: "",
    },
    {
      measure: `5. sandbox throughput, warm token, concurrency ${s.throughput.concurrency}, ${s.throughput.seconds} s`,
      value: `${fixed(s.throughput.perSecond)} req/s (${plural(s.throughput.failures, "failure")})`,
      budget: "",
    },
  ];
}

function telemetryRows(r: MeasuredResults): ReportRow[] {
  return (r.telemetry?.vehicles ?? []).flatMap((v) => [
    {
      measure: `5. sandbox signalsLatest of ${v.tokenId}, every signal: median / p95 (${v.latest.count})`,
      value: `${formatMs(v.latest.median)} / ${formatMs(v.latest.p95)}`,
      budget: `median < ${TELEMETRY_BUDGETS.latestMedianMs} ms`,
      pass: v.latest.median < TELEMETRY_BUDGETS.latestMedianMs,
    },
    {
      measure: `5. sandbox signals of ${v.tokenId}, one day at 5 min, a new day each time: median / p95 (${v.dayCold.count})`,
      value: `${formatMs(v.dayCold.median)} / ${formatMs(v.dayCold.p95)}`,
      budget: `median < ${TELEMETRY_BUDGETS.dayMedianMs} ms`,
      pass: v.dayCold.median < TELEMETRY_BUDGETS.dayMedianMs,
    },
    {
      measure: `5. sandbox signals of ${v.tokenId}, the same day again (${v.buckets} buckets): median / p95`,
      value: `${formatMs(v.dayWarm.median)} / ${formatMs(v.dayWarm.p95)}`,
      budget: "",
    },
  ]);
}

/** The load test's baseline: the same users, loop and time against the bare route. */
function loadBaselineRows(r: Partial<Pick<MeasuredResults, "loadBaseline">>): ReportRow[] {
  const b = r.loadBaseline;
  if (!b) return [];
  return [
    {
      measure: `baseline: bare route (GET /api/health) under the load test's ${b.users} users, ${b.seconds} s: requests served`,
      value: `${b.requests - b.errors} (${fixed(b.perSecond)} req/s; ${plural(b.errors, "error")}; p50 ${formatMs(b.latency.median)})`,
      budget: "",
    },
  ];
}

function loadRows(r: MeasuredResults): ReportRow[] {
  const l = r.load;
  // Requests that answered, so that a bare route answering errors quickly cannot pass for a fast one.
  const served = (run: LoadResults) => ((run.requests - run.errors) / run.requests) * run.perSecond;
  const share = ratio(served(l), r.loadBaseline ? served(r.loadBaseline) : Number.NaN);
  return [
    {
      measure: `6. load: ${l.users} users, ${l.vehicles.length} vehicles, ${l.seconds} s: requests served`,
      value: `${l.requests - l.errors} (${fixed(l.perSecond)} req/s)`,
      ratio: formatRatio(share, "bare route"),
      budget: `>= ${RATIO_BUDGETS.loadThroughput}x`,
      pass: share >= RATIO_BUDGETS.loadThroughput,
    },
    {
      measure: "6. load: errors",
      value: String(l.errors),
      budget: `= ${BUDGETS.loadErrors}`,
      pass: l.errors === BUDGETS.loadErrors,
    },
    {
      measure: "6. load: latency p50 / p95",
      value: `${formatMs(l.latency.median)} / ${formatMs(l.latency.p95)}`,
      budget: "",
    },
    {
      measure: "6. load: upstream exchanges / all upstream calls",
      value: `${l.upstream.exchanges} / ${describeCounts(l.upstream)}`,
      budget: "",
    },
  ];
}

function fleetRows(r: MeasuredResults): ReportRow[] {
  const f = r.loadTwoInstances;
  if (!f) return [];
  const one = r.load;
  const sameUpstream = f.upstream.auth === one.upstream.auth && f.upstream.exchanges === one.upstream.exchanges;
  return [
    {
      measure: `7. load, 2 instances + proxy + Redis, same users: requests served`,
      value: `${f.requests - f.errors} (${fixed(f.perSecond)} req/s)`,
      ratio: formatRatio(ratio(f.perSecond, one.perSecond), "one instance"),
      budget: "",
    },
    {
      measure: "7. load, 2 instances: errors",
      value: String(f.errors),
      budget: `= ${BUDGETS.loadErrors}`,
      pass: f.errors === BUDGETS.loadErrors,
    },
    {
      measure: "7. load, 2 instances: latency p50 / p95",
      value: `${formatMs(f.latency.median)} / ${formatMs(f.latency.p95)}`,
      budget: "",
    },
    {
      measure: "7. load, 2 instances: upstream auth / exchanges fleet-wide",
      value: `${f.upstream.auth} / ${f.upstream.exchanges} (one instance: ${one.upstream.auth} / ${one.upstream.exchanges}); ${describeCounts(f.upstream)}`,
      budget: "= one instance's",
      pass: sameUpstream,
    },
  ];
}

/** What this machine takes to do nothing much, measured in the run: the baselines the timings are compared with. */
export function baselineRows(results: MapFigures & Partial<Pick<MeasuredResults, "loadBaseline">>): ReportRow[] {
  return [...mapBaselineRows(results), ...loadBaselineRows(results)];
}

export function reportRows(results: MeasuredResults): ReportRow[] {
  return [
    baselineRows,
    upstreamRows,
    overheadRows,
    javascriptRows,
    mapRows,
    allTripsRows,
    routeRows,
    sandboxRows,
    telemetryRows,
    loadRows,
    fleetRows,
  ].flatMap((rows) => rows(results));
}
