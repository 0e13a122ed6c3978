import "server-only";
import type { Vehicle, VehiclePage } from "@/lib/models";
import { AppFailure, type AppError } from "@/lib/result";
import { sleep } from "@/lib/dimo/retry";
import { type RosterSnapshot, RosterReader } from "./roster-reader";
import { type RosterEntry, type RosterState, type RosterStore } from "./roster-store";
import { RosterWorker } from "./roster-worker";

/**
 * The roster as the pages use it: read from the store, with the worker started when there is work (a walk, a check, a
 * re-read) and, on a cold start, a wait for the first identity page only, never for the whole walk.
 */

export interface RosterTimings {
  /** How long the roster counts as fresh: past it, a view starts a check in the background. */
  freshMs: number;
  /** A whole re-read, which alone sees grants that went away, once the roster is this old. */
  rereadAfterMs: number;
  /** How long a cold view waits for the first identity page. */
  firstPageWaitMs: number;
  /** After a failed walk, how long views leave the identity API alone before trying again. */
  retryAfterFailureMs: number;
  /** How often a waiting view looks at the store (the worker may be in another instance). */
  pollMs: number;
}

const ROSTER_TIMINGS: RosterTimings = {
  freshMs: 60_000,
  rereadAfterMs: 3_600_000,
  firstPageWaitMs: 20_000,
  retryAfterFailureMs: 5_000,
  pollMs: 50,
};

export interface RosterServiceDeps {
  store: RosterStore;
  listPage(after: string | undefined): Promise<VehiclePage>;
  powertrainsOf(definitionIds: readonly string[]): Promise<Map<string, string | null>>;
  definitionsPerRequest: number;
  now(): number;
  describe(error: unknown): AppError;
  timings?: Partial<RosterTimings>;
}

export interface RosterRead {
  snapshot: RosterSnapshot;
  /** A check that was asked for and failed; the snapshot is what the roster held before it. */
  refreshError: AppError | null;
}

export class RosterService {
  readonly worker: RosterWorker;
  private readonly reader: RosterReader;
  private readonly timings: RosterTimings;
  private running: Promise<void> | null = null;
  private checking: Promise<unknown> | null = null;

  constructor(private readonly deps: RosterServiceDeps) {
    this.timings = { ...ROSTER_TIMINGS, ...deps.timings };
    this.worker = new RosterWorker({
      store: deps.store,
      listPage: deps.listPage,
      powertrainsOf: deps.powertrainsOf,
      definitionsPerRequest: deps.definitionsPerRequest,
      now: deps.now,
      describe: deps.describe,
      rereadAfterMs: this.timings.rereadAfterMs,
    });
    this.reader = new RosterReader(deps.store);
  }

  /**
   * The roster for a view. `checkNow` waits for a look at the top of the list first (when none ran in the last
   * `withinMs`): opening the list shows a grant given a moment ago, and an identity API that fails says so.
   */
  async read(options: { checkNow?: { withinMs: number } } = {}): Promise<RosterRead> {
    let snapshot = await this.readOrWait();
    let refreshError: AppError | null = null;
    const { state } = snapshot;
    const now = this.deps.now();
    const age = now - (state.checkedAt ?? 0);
    if (state.current.complete && options.checkNow && age >= options.checkNow.withinMs) {
      try {
        if ((await this.check()) === "done") snapshot = (await this.reader.read()) ?? snapshot;
      } catch (error) {
        refreshError = this.deps.describe(error);
      }
    } else if (state.current.complete && age >= this.timings.freshMs) {
      void this.check().catch(() => undefined);
    }
    this.startWorker(snapshot.state);
    return { snapshot, refreshError };
  }

  /** Every vehicle the roster holds now, for an export; waits for the first page on a cold start like a view. */
  vehicles(): Promise<RosterSnapshot> {
    return this.readOrWait();
  }

  /** Vehicles an owner just shared or revoked, as DIMO confirmed them; a later read of the list overrides them. */
  noteLanding(shared: readonly Vehicle[], revoked: readonly number[]): Promise<void> {
    return this.deps.store.appendLanding({
      at: this.deps.now(),
      entries: [
        ...shared.map((vehicle): RosterEntry => [vehicle.tokenId, vehicle]),
        ...revoked.map((tokenId): RosterEntry => [tokenId, null]),
      ],
    });
  }

  /**
   * A vehicle's VIN, as the dashboard just read it, so that the list's search finds the vehicle by it. The identity
   * API's list carries no VIN, so the roster knows only those read this way. Two instances noting different vehicles
   * at the same moment may lose one of the two; it is noted again the next time that VIN is read.
   */
  async noteVin(tokenId: number, vin: string): Promise<void> {
    const normalized = vin.trim().toUpperCase();
    if (normalized === "") return;
    const vins = await this.deps.store.readVins();
    if (vins[tokenId] === normalized) return;
    await this.deps.store.writeVins({ ...vins, [tokenId]: normalized });
  }

  /** Until the walk and the powertrains after it are done (tests, the bench); throws their failure. */
  async settle(): Promise<RosterState> {
    for (;;) {
      const snapshot = await this.readOrWait();
      const { state } = snapshot;
      if (state.current.complete && !state.powertrainsPending) return state;
      if (state.failure) throw new AppFailure(state.failure.error);
      this.startWorker(state);
      await sleep(this.timings.pollMs);
    }
  }

  private check() {
    // One check at a time in this process; the lock keeps the other instances out.
    this.checking ??= this.worker.check().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Starts the worker here unless it runs already, has nothing to do, or failed a moment ago. */
  private startWorker(state: RosterState | null): void {
    if (this.running) return;
    const now = this.deps.now();
    if (!RosterWorker.hasWork(state, now, this.timings.rereadAfterMs)) return;
    if (state?.failure && now - state.failure.at < this.timings.retryAfterFailureMs) return;
    this.running = this.worker
      .run()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
      });
  }

  /** The roster; on a cold start, once the first identity page is in (read here, or by another instance). */
  private async readOrWait(): Promise<RosterSnapshot> {
    const started = this.deps.now();
    for (;;) {
      const snapshot = await this.reader.read();
      if (snapshot && (snapshot.state.current.chunks > 0 || snapshot.state.current.complete)) return snapshot;
      const failure = snapshot?.state.failure;
      if (failure && failure.at >= started - this.timings.retryAfterFailureMs && !this.running) {
        throw new AppFailure(failure.error);
      }
      if (this.deps.now() - started > this.timings.firstPageWaitMs) {
        throw new AppFailure({
          code: "TIMEOUT",
          message: "DIMO's identity API has not answered yet. Try again in a moment.",
          retryable: true,
        });
      }
      this.startWorker(snapshot?.state ?? null);
      await sleep(this.timings.pollMs);
    }
  }
}
