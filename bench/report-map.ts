import type { AllTripsResults, SwitchedView } from "./all-trips";
import { BUDGETS, LONG_TASK_MS, RATIO_BUDGETS, ratio } from "./budgets";
import type { MapDrawResults } from "./map-draw";
import { type Summary, summarize } from "./stats";
import { type ReportRow, formatKb, formatMs, formatRatio } from "./table";
import type { TripRoutesResults } from "./trip-routes";

/**
 * The report's rows for the maps (items 4 and 8), each timing beside the same map with no trips on it, measured in
 * the same browser and the same run; the budgets are ratios to it (budgets.ts).
 */

export interface MapFigures {
  map?: MapDrawResults | null;
  allTrips?: AllTripsResults;
  tripRoutes?: TripRoutesResults;
}

const EMPTY_LOAD = "empty map load";
const EMPTY_FRAME = "empty map frame";
const EMPTY_DRAW = "draw of none";
const EMPTY_LOAD_TASK = "empty load's task";

const worst = (values: readonly number[]) => Math.max(0, ...values);
/** The empty map load's longest task, counted as at least the shortest task the browser reports. */
const emptyLoadTask = (a: AllTripsResults) => Math.max(LONG_TASK_MS, worst(a.baseline.loadLongestTaskMs));

/** The baselines themselves, first in the report: what this machine's browser takes to show a map with no trips. */
export function mapBaselineRows(r: MapFigures): ReportRow[] {
  const rows: ReportRow[] = [];
  const b = r.allTrips?.baseline;
  if (b) {
    rows.push(
      {
        measure: `baseline: all-trips map of ${b.tokenId} (no trips), warm load to drawn: median of ${b.load.count}`,
        value: `${formatMs(b.load.median)} (longest task ${formatMs(worst(b.loadLongestTaskMs))})`,
        budget: "",
      },
      {
        measure: `baseline: that empty map, one frame (a draw of no lines): median of ${b.frame.count}`,
        value: formatMs(b.frame.median),
        budget: "",
      },
    );
  }
  if (r.map)
    rows.push({
      measure: `baseline: trips map of ${r.map.tokenId} (item 4), a draw of no trips: median of ${r.map.drawEmpty.count}`,
      value: formatMs(r.map.drawEmpty.median),
      budget: "",
    });
  if (r.tripRoutes) {
    const t = r.tripRoutes;
    rows.push({
      measure: `baseline: trips map of ${t.tokenId} (item 8), a draw of no trips: median of ${t.drawEmpty.count}`,
      value: formatMs(t.drawEmpty.median),
      budget: "",
    });
  }
  return rows;
}

/**
 * Item 4. The budgets apply where the product draws thousands of trips as straight lines, the all-trips map's lines
 * view; the trips map draws a page (100 trips, its own budget under item 8) and is measured with 1,000 and 10,000
 * for reference: its layers style, hover and pick each trip, which costs far more per line.
 */
export function mapRows(r: MapFigures): ReportRow[] {
  const a = r.allTrips;
  const lines = (count: string, drawn: Summary, budget: number): ReportRow => {
    const frames = ratio(drawn.median, a?.baseline.frame.median ?? Number.NaN);
    return {
      measure: `4. map draw, ${count} trips as lines (all-trips lines view): median of ${drawn.count}`,
      value: formatMs(drawn.median),
      ratio: formatRatio(frames, EMPTY_FRAME),
      budget: `< ${budget}x`,
      pass: frames < budget,
    };
  };
  const rows = a
    ? [lines("1,000", a.lines1k, RATIO_BUDGETS.draw1kFrames), lines("10,000", a.lines10k, RATIO_BUDGETS.draw10kFrames)]
    : [];
  const m = r.map;
  if (!m) return rows;
  const f = m.firstFrame;
  const frameVsLogin = ratio(f.firstFrame.median, f.loginLoad.median);
  const emptyTask = Math.max(LONG_TASK_MS, worst(f.emptyLongestTaskRuns));
  const taskVsEmpty = ratio(worst(f.longestTaskRuns), emptyTask);
  const firstFrame: ReportRow[] = [
    {
      measure: `4. trips page of ${m.tokenId}, warm, no click: to the map's first frame with its ${f.routes} routes: median of ${f.firstFrame.count}`,
      value: `${formatMs(f.firstFrame.median)} (every route settled ${formatMs(summarize(f.settledRuns).median)}; login page load ${formatMs(f.loginLoad.median)})`,
      ratio: formatRatio(frameVsLogin, "login loads"),
      budget: `<= ${RATIO_BUDGETS.tripsFirstFrameVsLogin}x`,
      pass: frameVsLogin <= RATIO_BUDGETS.tripsFirstFrameVsLogin,
    },
    {
      measure: "4. that load's longest main-thread task",
      value: `${formatMs(worst(f.longestTaskRuns))} (empty map load's ${formatMs(worst(f.emptyLongestTaskRuns))})`,
      ratio: formatRatio(taskVsEmpty, EMPTY_LOAD_TASK),
      budget: `<= ${RATIO_BUDGETS.tripsFirstFrameTaskVsEmpty}x`,
      pass: taskVsEmpty <= RATIO_BUDGETS.tripsFirstFrameTaskVsEmpty,
    },
  ];
  const reference = (count: string, drawn: Summary): ReportRow => ({
    measure: `4. trips map (a page's layers), ${count} trips, for reference: median of ${drawn.count}`,
    value: formatMs(drawn.median),
    ratio: formatRatio(ratio(drawn.median, m.drawEmpty.median), EMPTY_DRAW),
    budget: "",
  });
  return [...rows, ...firstFrame, reference("1,000", m.draw1k), reference("10,000", m.draw10k)];
}

export function allTripsRows(r: Pick<MapFigures, "allTrips">): ReportRow[] {
  const a = r.allTrips;
  if (!a) return [];
  const load = ratio(a.warmLoad.median, a.baseline.load.median);
  const loadTask = ratio(worst(a.warmLongestTaskMs), emptyLoadTask(a));
  return [
    {
      measure: `8. all-trips map of ${a.tokenId} (${a.trips} trips), warm load to drawn: median of ${a.warmLoad.count}`,
      value: `${formatMs(a.warmLoad.median)} (max ${formatMs(a.warmLoad.max)}; every trip in the page after ${formatMs(summarize(a.warmStreamRuns).median)})`,
      ratio: formatRatio(load, EMPTY_LOAD),
      budget: `< ${RATIO_BUDGETS.allTripsWarmLoad}x`,
      pass: load < RATIO_BUDGETS.allTripsWarmLoad,
    },
    {
      measure: "8. all-trips warm load: longest main-thread task",
      value: formatMs(worst(a.warmLongestTaskMs)),
      ratio: formatRatio(loadTask, EMPTY_LOAD_TASK),
      budget: `<= ${RATIO_BUDGETS.allTripsLoadTask}x`,
      pass: loadTask <= RATIO_BUDGETS.allTripsLoadTask,
    },
    ...switchRows(a, "clusters", a.windowSwitch),
    ...switchRows(a, "density", a.densitySwitch),
    ...panRows(a),
    {
      measure: "8. all-trips cluster counts: font files the map loads",
      value: `${formatKb(a.glyphBytes)} (${a.glyphFiles.join(", ") || "none"})`,
      budget: `<= ${formatKb(BUDGETS.allTripsGlyphBytes)}`,
      pass: a.glyphBytes <= BUDGETS.allTripsGlyphBytes,
    },
  ];
}

/** A view's time window switches: click to drawn, and the longest task of any of them, in frames of the empty map. */
function switchRows(a: AllTripsResults, view: SwitchedView, switches: Summary): ReportRow[] {
  const frame = a.baseline.frame.median;
  const task = worst(a.windowSwitchRuns.filter((run) => run.view === view).map((run) => run.longestTaskMs));
  const slowest = ratio(switches.max, frame);
  const taskFrames = ratio(task, frame);
  return [
    {
      measure: `8. all-trips time window switch, ${view} view, click to drawn: median / max of ${switches.count}`,
      value: `${formatMs(switches.median)} / ${formatMs(switches.max)}`,
      ratio: `${formatRatio(ratio(switches.median, frame))} / ${formatRatio(slowest, EMPTY_FRAME)}`,
      budget: `max < ${RATIO_BUDGETS.allTripsWindowFrames}x`,
      pass: slowest < RATIO_BUDGETS.allTripsWindowFrames,
    },
    {
      measure: `8. all-trips time window switch, ${view} view: longest main-thread task`,
      value: formatMs(task),
      ratio: formatRatio(taskFrames, EMPTY_FRAME),
      budget: `<= ${RATIO_BUDGETS.allTripsSwitchTaskFrames}x`,
      pass: taskFrames <= RATIO_BUDGETS.allTripsSwitchTaskFrames,
    },
  ];
}

/** Dragging and wheel-zooming the map: the longest gap between frames and the longest task, in frames of the empty map. */
function panRows(a: AllTripsResults): ReportRow[] {
  const frame = a.baseline.frame.median;
  const gap = a.panFrameGap;
  const task = worst(a.panRuns.map((run) => run.longestTaskMs));
  const longestGap = ratio(gap.max, frame);
  const taskFrames = ratio(task, frame);
  return [
    {
      measure: `8. all-trips pan and zoom (4 drags, 4 wheel zooms), longest gap between frames: median / max of ${gap.count}`,
      value: `${formatMs(gap.median)} / ${formatMs(gap.max)} (first drag to settled, median: ${formatMs(summarize(a.panRuns.map((run) => run.ms)).median)})`,
      ratio: `${formatRatio(ratio(gap.median, frame))} / ${formatRatio(longestGap, EMPTY_FRAME)}`,
      budget: `max < ${RATIO_BUDGETS.allTripsPanGapFrames}x`,
      pass: longestGap < RATIO_BUDGETS.allTripsPanGapFrames,
    },
    {
      measure: "8. all-trips pan and zoom: longest main-thread task",
      value: formatMs(task),
      ratio: formatRatio(taskFrames, EMPTY_FRAME),
      budget: `<= ${RATIO_BUDGETS.allTripsPanTaskFrames}x`,
      pass: taskFrames <= RATIO_BUDGETS.allTripsPanTaskFrames,
    },
  ];
}

export function routeRows(r: Pick<MapFigures, "tripRoutes">): ReportRow[] {
  const t = r.tripRoutes;
  if (!t) return [];
  const loads = (list: typeof t.cold) => list.map((load) => `${load.ms} ms/${load.telemetryRequests} req`).join(", ");
  const draws = ratio(t.draw100Routed.median, t.drawEmpty.median);
  return [
    {
      measure: `8. routes of a page of 100 trips of ${t.tokenId}, cold: ms / telemetry requests per page`,
      value: loads(t.cold),
      budget: "",
    },
    { measure: `8. the same pages again, warm (kept paths)`, value: loads(t.warm), budget: "" },
    {
      measure: `8. map draw, a page of 100 routed trips (${t.cold[0]?.points ?? 0} points): median of ${t.draw100Routed.count}`,
      value: formatMs(t.draw100Routed.median),
      ratio: formatRatio(draws, EMPTY_DRAW),
      budget: `< ${RATIO_BUDGETS.draw100RoutedDraws}x`,
      pass: draws < RATIO_BUDGETS.draw100RoutedDraws,
    },
  ];
}
