/**
 * Hooks for the browser tests and the benchmark, and nothing at all for anyone else. The test runner sets the flag
 * (`window[TEST_HOOKS_FLAG] = true`) before the page loads (test-support/test-hooks.ts); only
 * then do the pages record their performance marks and expose their maps on `window`. A page opened by a person
 * records no mark and exposes nothing.
 */

/** The window property the test runner sets; also the prefix of every exposed hook (`${TEST_HOOKS_FLAG}.tripsMap`). */
export const TEST_HOOKS_FLAG = "__dashboardTestHooks";

/** What the pages may expose to tests: the maps, their draw functions for the benchmark, and what they drew. */
export type TestHookName =
  | "tripsMap"
  | "allTripsMap"
  | "tripsMapBench"
  | "allTripsMapBench"
  | "allTripsClusters"
  | "allTripsDensity"
  | "fleetMap"
  | "fleetClusters"
  | "baseMaps";

/** The window as a plain record: the hooks are named at run time, so nothing in the bundle spells one out. */
const hookWindow = () => window as unknown as Record<string, unknown>;

function enabled(): boolean {
  return typeof window !== "undefined" && hookWindow()[TEST_HOOKS_FLAG] === true;
}

/** Records a performance mark for the speed measurements; with `once`, only the first time in this page. */
export function markForTests(name: string, options: { once?: boolean } = {}): void {
  if (!enabled()) return;
  if (options.once && performance.getEntriesByName(name).length > 0) return;
  performance.mark(name);
}

/** Records a performance measure from `startTime` (performance.now()) until now. */
export function measureForTests(name: string, startTime: number): void {
  if (enabled()) performance.measure(name, { start: startTime, end: performance.now() });
}

/**
 * Puts `value` on `window` as `window.__<name>` for the tests to drive; returns how to take it back (only if it is
 * still the exposed value when the component unmounts).
 */
export function exposeForTests(name: TestHookName, value: unknown): () => void {
  if (!enabled()) return () => {};
  const key = `__${name}`;
  const target = hookWindow();
  target[key] = value;
  return () => {
    if (target[key] === value) delete target[key];
  };
}

/**
 * Runs `install` only when the hooks are on: for watchers whose findings a test reads through an exposed hook (what a
 * map's layer drew). Returns how to take it back.
 */
export function installForTests(install: () => () => void): () => void {
  return enabled() ? install() : () => {};
}
