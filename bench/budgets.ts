/**
 * The bench's budgets. Counts, bytes and errors do not depend on how fast the machine is, and have absolute budgets.
 * Browser and load timings do: they differ several times over between machines of one kind, and with whatever else
 * the machine is doing. So each is measured beside a baseline taken in the same run, in the same browser or under the
 * same load, and its budget is a ratio to that baseline: a slower or busier machine is slower at both.
 *
 * The baselines: for the maps, the same map with no trips on it, through the same path (its warm load, the longest
 * task of that load, one of its frames); for the load test, the same users hitting a route that does nothing. The
 * absolute figures stay in the report, for reference beside the load average the run started with.
 */

export const BUDGETS = {
  warmViewUpstream: 1,
  /**
   * Trips API requests per warm view of a trips page as the browser makes it: the page and the next page's prefetch;
   * the trips map's routes come from what the page read fetched.
   */
  warmBrowserViewTrips: 2,
  concurrentColdAuth: 2,
  concurrentColdExchanges: 1,
  // A difference of two latencies taken back to back in the same run, so the machine's speed mostly cancels out.
  overheadMedianMs: 5,
  dashboardRouteGzipBytes: 190_000,
  allTripsGlyphBytes: 100_000,
  loadErrors: 0,
} as const;

/** Timing budgets, each a ratio to its baseline (see the module's comment). */
export const RATIO_BUDGETS = {
  /** The lines view drawing 1,000 trips, median, in frames of the empty all-trips map. */
  draw1kFrames: 10,
  /** The same with 10,000 trips. */
  draw10kFrames: 8,
  /** A page of 100 routed trips on the trips map, median, in draws of no trips on that map. */
  draw100RoutedDraws: 6,
  /** The 100,000-trip all-trips warm load, median, in warm loads of the empty all-trips map. */
  allTripsWarmLoad: 1.75,
  /** That load's longest main-thread task, in the empty map load's longest task. */
  allTripsLoadTask: 1.5,
  /** The slowest time window switch of a view, in frames of the empty all-trips map. */
  allTripsWindowFrames: 4,
  /** The longest main-thread task during a view's window switches, in frames of the empty all-trips map. */
  allTripsSwitchTaskFrames: 2,
  /** The longest gap between animation frames while the map is dragged and wheel-zoomed, in frames of the empty map. */
  allTripsPanGapFrames: 4,
  /** The longest main-thread task while the map is dragged and wheel-zoomed, in frames of the empty all-trips map. */
  allTripsPanTaskFrames: 2,
  /** The trips page, warm, no click: navigation start to the map's first frame with its routes, in login page loads. */
  tripsFirstFrameVsLogin: 2.5,
  /** That load's longest main-thread task, in the empty all-trips map load's longest task (same browser). */
  tripsFirstFrameTaskVsEmpty: 2,
  /** Trips requests served under the load test, as a share of the bare route's requests under the same load. */
  loadThroughput: 0.2,
} as const;

/**
 * The Long Tasks API reports tasks of 50 ms and more only: a baseline load with none reported counts as one of 50 ms,
 * so that a fast machine's baseline is not zero.
 */
export const LONG_TASK_MS = 50;

/** value / baseline; NaN (which fails every budget) when the baseline is missing or not a positive number. */
export function ratio(value: number, baseline: number): number {
  return Number.isFinite(baseline) && baseline > 0 ? value / baseline : Number.NaN;
}

/**
 * Lighthouse's budgets (desktop preset, `npm run bench:lighthouse`), in Lighthouse's own units. The map pages draw
 * WebGL in software on these machines, which no person's GPU pays: their performance score is reported, not
 * budgeted, and they are held to what a person sees instead, the largest paint and the layout shift.
 */
export const LIGHTHOUSE_BUDGETS = {
  /** The pages without a map. */
  performanceMin: 90,
  accessibilityMin: 100,
  bestPracticesMin: 100,
  mapPageLcpMs: 2_500,
  mapPageClsMax: 0.02,
} as const;

/**
 * Total blocking time counts only the part of each task past 50 ms, so a light page on a fast machine can have none: a
 * baseline under this counts as this much, so that the ratios stay finite.
 */
export const LIGHTHOUSE_TBT_FLOOR_MS = 50;
