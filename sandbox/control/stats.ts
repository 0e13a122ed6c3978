/**
 * Request counters for tests and benchmarks: per route pattern ("GET /trips/v1/vehicle/:tokenId/trips") and per
 * concrete path, method first, query string left out. Every service request counts, failed, faulted or refused ones
 * too. Rate-limit refusals are also counted on their own, in total and per route pattern, so that a test can assert
 * that a client stayed under the limits (`refused === 0`). Injected faults are not refusals.
 */
export interface StatsSnapshot {
  total: number;
  routes: Record<string, number>;
  paths: Record<string, number>;
  /** Requests refused by the rate limiter (429 or 503), all routes together. */
  refused: number;
  /** The same per route pattern, keyed like `routes`; routes without refusals are absent. */
  refusedRoutes: Record<string, number>;
}

// A client hammering random URLs must not grow the map without bound.
const MAX_DISTINCT_PATHS = 5_000;
const OTHER_PATHS = "(other paths)";

export class RequestStats {
  private total = 0;
  private routes = new Map<string, number>();
  private paths = new Map<string, number>();
  private refused = 0;
  private refusedRoutes = new Map<string, number>();

  record(method: string, routePattern: string, path: string): void {
    this.total++;
    const routeKey = `${method} ${routePattern}`;
    this.routes.set(routeKey, (this.routes.get(routeKey) ?? 0) + 1);
    let pathKey = `${method} ${path}`;
    if (!this.paths.has(pathKey) && this.paths.size >= MAX_DISTINCT_PATHS) pathKey = OTHER_PATHS;
    this.paths.set(pathKey, (this.paths.get(pathKey) ?? 0) + 1);
  }

  /** A request the rate limiter refused (already counted by `record`). */
  recordRefusal(method: string, routePattern: string): void {
    this.refused++;
    const routeKey = `${method} ${routePattern}`;
    this.refusedRoutes.set(routeKey, (this.refusedRoutes.get(routeKey) ?? 0) + 1);
  }

  snapshot(): StatsSnapshot {
    return {
      total: this.total,
      routes: Object.fromEntries(this.routes),
      paths: Object.fromEntries(this.paths),
      refused: this.refused,
      refusedRoutes: Object.fromEntries(this.refusedRoutes),
    };
  }

  reset(): void {
    this.total = 0;
    this.routes = new Map();
    this.paths = new Map();
    this.refused = 0;
    this.refusedRoutes = new Map();
  }
}
