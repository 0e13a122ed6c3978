import "server-only";
import { type ActivityService } from "@/lib/protocol";
import { sleep } from "./retry";
import type { SlotStore } from "@/lib/store/types";

/**
 * Keeps the dashboard's requests to each DIMO service under that service's rate limit, so DIMO never has to refuse
 * one. Every HTTP attempt waits for its turn here (lib/dimo/http.ts); a service without a limit passes at once.
 */
export interface RequestPacer {
  /** Resolves when a request to `service` may start. */
  turn(service: ActivityService): Promise<void>;
}

export interface PacerOptions {
  /** Requests per second allowed per service (DIMO_RATE_LIMITS). */
  limits: Partial<Record<ActivityService, number>>;
  /**
   * The window the limit is counted over: a little longer than DIMO's second, with one request fewer than the limit
   * in it, a margin for requests that leave evenly but arrive bunched.
   */
  windowMs?: number;
  now?: () => number;
  /** How a turn waits; a timer by default. */
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_WINDOW_MS = 1_100;

/** The gap between two turns for `service`: `windowMs / (limit - 1)`; undefined for a service without a limit. */
function spacingMs(options: Pick<PacerOptions, "limits" | "windowMs">, service: ActivityService): number | undefined {
  const limit = options.limits[service];
  return limit === undefined ? undefined : (options.windowMs ?? DEFAULT_WINDOW_MS) / Math.max(1, limit - 1);
}

/**
 * The most requests a second the pacer lets through to `service` (its even spacing, not DIMO's nominal limit);
 * undefined for a service without a limit. What a long job (the fleet's positions) can promise to finish in.
 */
export function pacedRatePerSecond(limits: PacerOptions["limits"], service: ActivityService): number | undefined {
  const spacing = spacingMs({ limits }, service);
  return spacing === undefined ? undefined : 1_000 / spacing;
}

/**
 * Even spacing per service: one request every `windowMs / (limit - 1)`, so that no stretch of DIMO's second holds
 * more than the limit even when the network bunches what left evenly (a burst allowance would let them pile up).
 * Turns are handed out in call order, so a burst (the all-trips walk's four pages at once) queues rather than races.
 * The spacing is measured from when the previous request really left, not from when it was due: on a busy machine
 * timers fire late, and turns booked ahead on the clock would then leave together. One process's view; several
 * instances share one pacer through the shared store.
 */
export class MemoryPacer implements RequestPacer {
  /** Per service: when its last request left, and the turn the next caller queues behind. */
  private readonly lanes = new Map<ActivityService, { lastStart: number; queue: Promise<void> }>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleep;
  }

  async turn(service: ActivityService): Promise<void> {
    const spacing = spacingMs(this.options, service);
    if (spacing === undefined) return;
    let lane = this.lanes.get(service);
    if (!lane) {
      lane = { lastStart: Number.NEGATIVE_INFINITY, queue: Promise.resolve() };
      this.lanes.set(service, lane);
    }
    const ahead = lane.queue;
    let leave!: () => void;
    lane.queue = new Promise((resolve) => (leave = resolve));
    await ahead;
    try {
      let wait = lane.lastStart + spacing - this.now();
      while (wait > 0) {
        await this.sleep(wait);
        wait = lane.lastStart + spacing - this.now();
      }
      lane.lastStart = this.now();
    } finally {
      leave();
    }
  }
}

/**
 * The same even spacing across every instance that shares `slots` (Redis: a script reserves the next slot on the
 * server's clock), so that the fleet together, not each instance, stays under DIMO's limit per client. A turn then
 * also waits out the spacing since this instance's last request really left, as the MemoryPacer does, so that slots
 * whose timers fire late together do not leave together.
 */
export class SlotPacer implements RequestPacer {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly local: MemoryPacer;

  constructor(
    private readonly slots: SlotStore,
    private readonly options: PacerOptions,
  ) {
    this.sleep = options.sleep ?? sleep;
    this.local = new MemoryPacer(options);
  }

  async turn(service: ActivityService): Promise<void> {
    const spacing = spacingMs(this.options, service);
    if (spacing === undefined) return;
    const wait = await this.slots.reserve(`pace:${service}`, spacing);
    if (wait > 0) await this.sleep(wait);
    await this.local.turn(service);
  }
}
