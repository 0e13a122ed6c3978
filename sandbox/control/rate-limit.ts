/**
 * Per-token request limits like the real services': requests per second per bearer token, in one-second windows.
 * Off unless the sandbox is started with rate limiting.
 */
export type RateLimitedService = "trips" | "valuations" | "token-exchange";

export const RATE_LIMITS: Record<RateLimitedService, number> = {
  trips: 9,
  valuations: 9,
  "token-exchange": 100,
};

interface Window {
  second: number;
  count: number;
}

export class RateLimiter {
  private windows = new Map<string, Window>();

  /** Counts one request; returns the seconds to wait when it is over the limit, else null. */
  hit(service: RateLimitedService, key: string, nowMs: number = Date.now()): number | null {
    const second = Math.floor(nowMs / 1000);
    const id = `${service} ${key}`;
    let window = this.windows.get(id);
    if (!window || window.second !== second) {
      if (this.windows.size > 10_000) this.prune(second);
      window = { second, count: 0 };
      this.windows.set(id, window);
    }
    window.count++;
    if (window.count <= RATE_LIMITS[service]) return null;
    // Windows are one second long, so the next one opens in under a second: Retry-After is 1 (its smallest value).
    return 1;
  }

  reset(): void {
    this.windows.clear();
  }

  private prune(currentSecond: number): void {
    for (const [id, window] of this.windows) if (window.second < currentSecond) this.windows.delete(id);
  }
}
