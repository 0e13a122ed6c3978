/**
 * Request limits like the real network's: at most N requests per second per client and service, as a sliding window
 * (no more than N requests accepted in any 1,000 ms; refused requests do not count against the client). A client
 * that spaces its requests at N per second, or sends bursts of N at least a second apart, is never refused.
 *
 * Used by the `--rate-limit` option (keyed per bearer token, trips, valuations and the exchange only, 429 with
 * Retry-After) and by the `realistic` profile (keyed per client, identity and telemetry too, 429 or 503 without
 * Retry-After).
 */
export type RateLimitedService = "trips" | "valuations" | "token-exchange" | "identity" | "telemetry";

/** Requests per second, per client, as DIMO's ingress allows them. */
export const RATE_LIMITS: Record<RateLimitedService, number> = {
  trips: 9,
  valuations: 9,
  "token-exchange": 100,
  identity: 50,
  // Not published by DIMO: the same as the other per-vehicle data services, which is what the client paces at.
  telemetry: 9,
};

const RATE_LIMIT_WINDOW_MS = 1000;

// A client hammering with ever new keys must not grow the map without bound.
const MAX_KEYS = 10_000;

export class RateLimiter {
  /** Times of the accepted requests still inside the window, oldest first, per service and key. */
  private accepted = new Map<string, number[]>();
  private refusals = 0;

  /** Counts one request; returns the seconds to wait when it is over the limit, else null. */
  hit(service: RateLimitedService, key: string, nowMs: number): number | null {
    const id = `${service} ${key}`;
    let times = this.accepted.get(id);
    if (!times) {
      if (this.accepted.size >= MAX_KEYS) this.prune(nowMs);
      times = [];
      this.accepted.set(id, times);
    }
    while (times.length > 0 && (times[0] as number) <= nowMs - RATE_LIMIT_WINDOW_MS) times.shift();
    if (times.length < RATE_LIMITS[service]) {
      times.push(nowMs);
      return null;
    }
    // The oldest accepted request leaves the window within a second: Retry-After is 1, its smallest value.
    const waitMs = (times[0] as number) + RATE_LIMIT_WINDOW_MS - nowMs;
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  /**
   * The status of the next refusal in the realistic profile: 429 and 503 take turns, starting with 429, so that a
   * client sees both about half of the time and tests are repeatable.
   */
  nextRefusalStatus(): 429 | 503 {
    this.refusals++;
    return this.refusals % 2 === 1 ? 429 : 503;
  }

  reset(): void {
    this.accepted.clear();
    this.refusals = 0;
  }

  private prune(nowMs: number): void {
    for (const [id, times] of this.accepted) {
      const last = times[times.length - 1];
      if (last === undefined || last <= nowMs - RATE_LIMIT_WINDOW_MS) this.accepted.delete(id);
    }
  }
}
