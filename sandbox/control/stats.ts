/**
 * Request counters for tests and benchmarks: per route pattern ("GET /trips/v1/vehicle/:tokenId/trips") and per
 * concrete path, method first, query string left out. Every service request counts, failed or faulted ones too.
 */
export interface StatsSnapshot {
  total: number;
  routes: Record<string, number>;
  paths: Record<string, number>;
}

// A client hammering random URLs must not grow the map without bound.
const MAX_DISTINCT_PATHS = 5_000;
const OTHER_PATHS = "(other paths)";

export class RequestStats {
  private total = 0;
  private routes = new Map<string, number>();
  private paths = new Map<string, number>();

  record(method: string, routePattern: string, path: string): void {
    this.total++;
    const routeKey = `${method} ${routePattern}`;
    this.routes.set(routeKey, (this.routes.get(routeKey) ?? 0) + 1);
    let pathKey = `${method} ${path}`;
    if (!this.paths.has(pathKey) && this.paths.size >= MAX_DISTINCT_PATHS) pathKey = OTHER_PATHS;
    this.paths.set(pathKey, (this.paths.get(pathKey) ?? 0) + 1);
  }

  snapshot(): StatsSnapshot {
    return { total: this.total, routes: Object.fromEntries(this.routes), paths: Object.fromEntries(this.paths) };
  }

  reset(): void {
    this.total = 0;
    this.routes = new Map();
    this.paths = new Map();
  }
}
