import "server-only";
import { type DimoService } from "@/lib/protocol";
import { sleep } from "./retry";

/**
 * Keeps the dashboard's requests to each DIMO service under that service's rate limit, so DIMO never has to refuse
 * one. Every HTTP attempt waits for its turn here (lib/dimo/http.ts); a service without a limit passes at once.
 */
export interface RequestPacer {
  /** Resolves when a request to `service` may start. */
  turn(service: DimoService): Promise<void>;
}

export interface PacerOptions {
  /** Requests per second allowed per service (DIMO_RATE_LIMITS). */
  limits: Partial<Record<DimoService, number>>;
  /**
   * The window the limit is counted over, a little longer than DIMO's second, and one request fewer than the limit
   * in it: a margin for requests that leave evenly but arrive bunched by the network.
   */
  windowMs?: number;
  now?: () => number;
}

/**
 * A sliding window per service: a request starts only when fewer than `limit - 1` others started in the last
 * `windowMs`. Turns are handed out in call order, so a burst (the all-trips walk's four pages at once) queues
 * rather than races. One process's view; several instances share one pacer through the shared store.
 */
export class MemoryPacer implements RequestPacer {
  private readonly starts = new Map<DimoService, number[]>();
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PacerOptions) {
    this.windowMs = options.windowMs ?? 1_100;
    this.now = options.now ?? Date.now;
  }

  async turn(service: DimoService): Promise<void> {
    const limit = this.options.limits[service];
    if (limit === undefined) return;
    const allowed = Math.max(1, limit - 1);
    const starts = this.starts.get(service) ?? [];
    this.starts.set(service, starts);
    const now = this.now();
    // Reserved at once, before waiting, so that callers who come later get later turns.
    const oldest = starts.length >= allowed ? starts[starts.length - allowed] : undefined;
    const start = oldest === undefined ? now : Math.max(now, oldest + this.windowMs);
    starts.push(start);
    if (starts.length > allowed) starts.splice(0, starts.length - allowed);
    if (start > now) await sleep(start - now);
  }
}
