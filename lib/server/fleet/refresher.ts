import "server-only";
import { randomUUID } from "node:crypto";
import type { LastPosition } from "@/lib/dimo/telemetry/position";
import type { Vehicle } from "@/lib/models";
import { type AppError } from "@/lib/result";
import { type PositionRecord, type PositionStore } from "./position-store";
import { REFRESH_AFTER_MS, dueVehicles, nextDueInMs } from "./schedule";

/**
 * Reads the fleet's positions in the background, one Telemetry API request a vehicle through the one DIMO client (its
 * pacer keeps every request under DIMO's limits), under a lock in the shared store so that one instance reads for all:
 * the others try again once a lease has passed, and so take over from an instance that died. It never keeps the
 * process alive (its timers are unref'd), never throws (a failure is written to the store, for every instance's
 * progress line, and tried again after a growing pause), and stops for good only when asked.
 */

export interface RefresherTimings {
  refreshAfterMs: number;
  /** How long the lock outlives a holder that stops renewing it: the time another instance takes over after. */
  leaseMs: number;
  /** Vehicles in flight at once: enough to keep the pacer's turns filled, few enough that a person's own request waits behind at most these. */
  concurrency: number;
  /** How often what was read is written to the store, so the map fills while the refresher works. */
  flushMs: number;
  /** How often the roster and the hints are looked at again during a long run, for new and hinted vehicles. */
  replanMs: number;
  /** The longest an idle refresher waits before it looks for new vehicles. */
  idleMs: number;
  /**
   * Positions are read again only while someone looked at them within this time. The first fill still completes and
   * new vehicles are still read, but a fleet nobody watches does not spend the license's telemetry limit round the
   * clock, which people's own pages share.
   */
  watchedWithinMs: number;
  /** The first pause after a failure, doubled after each until `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

const REFRESHER_TIMINGS: RefresherTimings = {
  refreshAfterMs: REFRESH_AFTER_MS,
  leaseMs: 30_000,
  concurrency: 4,
  flushMs: 1_000,
  replanMs: 60_000,
  idleMs: 60_000,
  watchedWithinMs: 3_600_000,
  backoffMs: 5_000,
  maxBackoffMs: 300_000,
};

/** Failures of single vehicles in a row past which the trouble is not theirs (a license refused, say). */
const FAILURES_IN_A_ROW = 10;

export interface RefresherDeps {
  store: PositionStore;
  /** The license's vehicles, as the roster holds them. */
  roster(): Promise<readonly Vehicle[]>;
  readPosition(tokenId: number): Promise<LastPosition>;
  /** Whether a failure is the vehicle's own (its grant, say) rather than the service's or the network's. */
  isVehicleFailure(error: unknown): boolean;
  describe(error: unknown): AppError;
  now(): number;
  timings?: Partial<RefresherTimings>;
}

/** A read's answer as the store keeps it. */
function recordOf(answer: LastPosition, readAt: number): PositionRecord {
  const { location } = answer;
  const seen = answer.lastSeen === null ? Number.NaN : Date.parse(answer.lastSeen);
  const at = location ? Date.parse(location.timestamp) : Number.NaN;
  const fix = location && Number.isFinite(at) ? { lat: location.latitude, lon: location.longitude, atMs: at } : null;
  return {
    exact: location?.approximate ? null : fix,
    approximate: location?.approximate ? fix : null,
    seenMs: Number.isFinite(seen) ? seen : null,
    readAt,
  };
}

export class PositionRefresher {
  private readonly timings: RefresherTimings;
  private readonly holder = randomUUID();
  private loop: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private failures = 0;
  /** Vehicles read by this instance (tests and the bench count them). */
  readCount = 0;

  constructor(private readonly deps: RefresherDeps) {
    this.timings = { ...REFRESHER_TIMINGS, ...deps.timings };
  }

  /**
   * Cuts the current pause short, so a hint is read soon rather than after the idle wait; a pause after a failure is
   * left to run out, so hints cannot hurry a service that is down.
   */
  nudge(): void {
    if (this.failures === 0) this.wake?.();
  }

  /** Starts the background loop unless it runs already; returns at once. */
  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run();
  }

  /** Stops the loop and frees the lock (tests, the bench, shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let waitMs: number;
      try {
        waitMs = await this.turn();
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        waitMs = Math.min(this.timings.maxBackoffMs, this.timings.backoffMs * 2 ** (this.failures - 1));
        await this.recordFailure(error);
      }
      await this.pause(waitMs);
    }
  }

  /** The failure in words, in the store for every instance's progress line; a store that fails too is left be. */
  private async recordFailure(error: unknown): Promise<void> {
    try {
      const failure = { message: this.deps.describe(error).message, at: this.deps.now() };
      await this.deps.store.updateState({ failure });
    } catch {
      // The next run tries again, and says so then.
    }
  }

  /** A wait on an unref'd timer, which `stop` cuts short. */
  private pause(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** One go under the lock, when it can be had; resolves with how long to wait before the next. */
  private async turn(): Promise<number> {
    const { store } = this.deps;
    if (!(await store.acquire(this.holder, this.timings.leaseMs))) return this.timings.leaseMs;
    let lost = false;
    const renewal = setInterval(() => {
      store.renew(this.holder, this.timings.leaseMs).then(
        (held) => (lost ||= !held),
        () => undefined,
      );
    }, this.timings.leaseMs / 3);
    renewal.unref?.();
    try {
      return await this.readDue(() => lost);
    } finally {
      clearInterval(renewal);
      await store.release(this.holder).catch(() => undefined);
    }
  }

  /** Reads the vehicles due, until none is, the plan is old, or the lease is lost; then how long to wait. */
  private async readDue(lost: () => boolean): Promise<number> {
    const { store, now } = this.deps;
    const { refreshAfterMs, concurrency, flushMs, replanMs, idleMs, watchedWithinMs } = this.timings;
    const vehicles = await this.deps.roster();
    const [records, viewedAt, hints] = await Promise.all([store.readAll(), store.viewedAt(), store.readHints()]);
    const watched = viewedAt !== null && now() - viewedAt < watchedWithinMs;
    const due = dueVehicles(vehicles, records, now(), refreshAfterMs, watched, hints);
    if (due.length === 0) {
      return watched ? Math.min(idleMs, nextDueInMs(vehicles, records, now(), refreshAfterMs) ?? idleMs) : idleMs;
    }

    const pending = new Map<number, PositionRecord>();
    const started = now();
    let readHere = 0;
    let inARow = 0;
    let failure: unknown = null;
    let lastFlush = started;
    const flush = async () => {
      if (pending.size === 0) return;
      const batch = new Map(pending);
      pending.clear();
      lastFlush = now();
      await store.write(batch);
      const seconds = (now() - started) / 1000;
      const rate = readHere > 0 && seconds > 0 ? { perSecond: readHere / seconds, at: now() } : null;
      await store.updateState({ failure: null, ...(rate ? { rate } : {}) });
    };

    let next = 0;
    const worker = async () => {
      while (failure === null && !this.stopped && !lost() && next < due.length && now() - started < replanMs) {
        const tokenId = due[next++] as number;
        try {
          pending.set(tokenId, recordOf(await this.deps.readPosition(tokenId), now()));
          inARow = 0;
        } catch (error) {
          // A vehicle the service will not answer for goes to the back of the queue; the run goes on without it.
          if (!this.deps.isVehicleFailure(error) || ++inARow >= FAILURES_IN_A_ROW) {
            failure ??= error;
            return;
          }
          pending.set(tokenId, { exact: null, approximate: null, seenMs: null, readAt: now() });
        }
        readHere += 1;
        this.readCount += 1;
        if (now() - lastFlush >= flushMs) await flush().catch((error: unknown) => (failure ??= error));
      }
    };
    // Every worker ends by itself (a failure stops the others at their next vehicle), so what they read is flushed.
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    await flush();
    // Another instance took the lock over: it reads on, and this one looks again once a lease has passed.
    if (lost()) return this.timings.leaseMs;
    if (failure !== null) throw failure;
    return 0;
  }
}
