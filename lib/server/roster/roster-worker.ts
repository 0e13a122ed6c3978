import "server-only";
import type { Vehicle, VehiclePage } from "@/lib/models";
import { type AppError } from "@/lib/result";
import { RosterReader } from "./roster-reader";
import {
  type RosterChunk,
  type RosterEntry,
  type RosterState,
  type RosterStore,
  type RosterWalk,
  emptyRosterState,
} from "./roster-store";

/**
 * Fills and refreshes the roster from the identity API, one page per step, each step under the roster's lock so that
 * one worker at a time (across instances) moves it on. Three kinds of work:
 * - the walk: page after page from the top to the end, the first fill; readers see each page as it lands;
 * - the check: pages from the top (the identity API lists the newest first) until one holds nothing new;
 * - the re-read: a new walk into chunks of its own, swapped in at its end, since only a whole read sees a grant that
 *   went away; it starts once the roster is older than `rereadAfterMs`, or when the list shrank;
 * - the powertrains: the identity API's vehicle list names each vehicle's device definition but not its powertrain,
 *   so once a walk is done the definitions not known yet are asked for, many in one request.
 */

export interface RosterWorkerDeps {
  store: RosterStore;
  /** One page of the license's vehicles, through the DIMO client (its pacing, retries and activity log). */
  listPage(after: string | undefined): Promise<VehiclePage>;
  now(): number;
  /** The powertrain of a few device definitions, in one identity request. */
  powertrainsOf(definitionIds: readonly string[]): Promise<Map<string, string | null>>;
  /** How many definitions `powertrainsOf` takes at once. */
  definitionsPerRequest: number;
  /** The error in words for people, kept in the state so every instance can show it. */
  describe(error: unknown): AppError;
  rereadAfterMs: number;
}

export type StepOutcome = "more" | "done" | "busy";

/** A vehicle shared with the license; the identity API also lists vehicles the license owns without a grant. */
const entriesOf = (page: VehiclePage): RosterEntry[] =>
  page.vehicles.map((vehicle) => [vehicle.tokenId, vehicle.grant ? vehicle : null]);

const sameVehicle = (a: Vehicle | null | undefined, b: Vehicle | null) =>
  JSON.stringify(a ?? null) === JSON.stringify(b);

/** Whether the list ends after this page; a cursor that does not move would loop for ever. */
const lastPage = (page: VehiclePage, after: string | null) =>
  !page.hasNextPage || page.endCursor === null || page.endCursor === after;

export class RosterWorker {
  private readonly reader: RosterReader;

  constructor(private readonly deps: RosterWorkerDeps) {
    this.reader = new RosterReader(deps.store);
  }

  /** Whether a step would have work to do: a walk or a re-read under way, or one due. */
  static hasWork(state: RosterState | null, now: number, rereadAfterMs: number): boolean {
    if (state === null || !state.current.complete || state.next !== null || state.powertrainsPending) return true;
    // A check that saw the list shrink clears the date: a re-read is due at once.
    return state.current.completedAt === null || now - state.current.completedAt >= rereadAfterMs;
  }

  /** One page of the walk or the re-read. */
  step(): Promise<StepOutcome> {
    return this.locked(async () => {
      const state = (await this.deps.store.readState()) ?? emptyRosterState(this.deps.now());
      if (!state.current.complete) return this.walkOn(state, state.current, true);
      if (state.powertrainsPending && state.next === null) return this.learnPowertrains(state);
      if (!RosterWorker.hasWork(state, this.deps.now(), this.deps.rereadAfterMs)) return "done";
      state.next ??= {
        generation: state.current.generation + 1,
        chunks: 0,
        pagesRead: 0,
        cursor: null,
        startedAt: this.deps.now(),
      };
      return this.walkOn(state, state.next, false);
    });
  }

  /** Runs steps until the walk or re-read is done, another worker has the lock, or a step fails. */
  async run(): Promise<void> {
    while ((await this.step()) === "more");
  }

  /**
   * Compares the top of the list with the roster, page by page, and keeps what changed; stops at the first page with
   * nothing new. A list that shrank lost grants somewhere further down: a re-read is then started.
   */
  check(): Promise<StepOutcome> {
    return this.locked(async () => {
      const snapshot = await this.reader.read();
      if (snapshot === null || !snapshot.state.current.complete) return "busy";
      const state = snapshot.state;
      const known = new Map(snapshot.vehicles.map((vehicle) => [vehicle.tokenId, vehicle]));
      const changed: RosterEntry[] = [];
      const at = this.deps.now();
      let after: string | null = null;
      let totalCount = state.totalCount;
      const listed = new Set<number>();
      let reachedEnd = false;
      for (;;) {
        const page = await this.deps.listPage(after ?? undefined);
        totalCount = page.totalCount;
        const entries = entriesOf(page);
        for (const [tokenId, vehicle] of entries) if (vehicle) listed.add(tokenId);
        const fresh = entries.filter(([tokenId, vehicle]) => !sameVehicle(known.get(tokenId), vehicle));
        changed.push(...fresh);
        reachedEnd = lastPage(page, after);
        if (fresh.length === 0 || reachedEnd) break;
        after = page.endCursor;
      }
      // A check that read the whole list (a small license's one page) sees the grants that went away, too.
      if (reachedEnd) {
        for (const tokenId of known.keys()) if (!listed.has(tokenId)) changed.push([tokenId, null]);
      }
      if (changed.length > 0) {
        await this.deps.store.writeChunk(state.current.generation, state.current.chunks, { at, entries: changed });
        state.current.chunks += 1;
      }
      for (const [tokenId, vehicle] of changed) {
        if (vehicle) known.set(tokenId, vehicle);
        else known.delete(tokenId);
      }
      const live = [...known.values()].filter((v) => !v.grant?.expiresAt || Date.parse(v.grant.expiresAt) > at);
      if (totalCount !== null && totalCount < live.length) state.current.completedAt = null;
      const powertrainsPending = state.powertrainsPending || changed.some(([, vehicle]) => vehicle?.definitionId);
      await this.deps.store.writeState({ ...state, totalCount, checkedAt: at, powertrainsPending, failure: null });
      return "done";
    });
  }

  /** Runs `work` under the roster's lock; a failure is written to the state while the lock is still held. */
  private async locked(work: () => Promise<StepOutcome>): Promise<StepOutcome> {
    const outcome = await this.deps.store.withLock(async () => {
      try {
        return await work();
      } catch (error) {
        await this.recordFailure(error);
        throw error;
      }
    });
    return outcome ?? "busy";
  }

  private async recordFailure(error: unknown): Promise<void> {
    const state = (await this.deps.store.readState().catch(() => null)) ?? emptyRosterState(this.deps.now());
    await this.deps.store
      .writeState({ ...state, failure: { error: this.deps.describe(error), at: this.deps.now() } })
      .catch(() => undefined);
  }

  /** One request's worth of device definitions whose powertrain is not known yet. */
  private async learnPowertrains(state: RosterState): Promise<StepOutcome> {
    const snapshot = await this.reader.read();
    const known = await this.deps.store.readPowertrains();
    const unknown = [
      ...new Set(
        (snapshot?.vehicles ?? []).flatMap((v) =>
          v.definitionId && !(v.definitionId in known) ? [v.definitionId] : [],
        ),
      ),
    ];
    const batch = unknown.slice(0, this.deps.definitionsPerRequest);
    if (batch.length > 0) {
      const learnt = await this.deps.powertrainsOf(batch);
      await this.deps.store.writePowertrains({ ...known, ...Object.fromEntries(learnt) });
    }
    const more = unknown.length > batch.length;
    await this.deps.store.writeState({ ...state, powertrainsPending: more, failure: null });
    return more ? "more" : "done";
  }

  private async walkOn(state: RosterState, walk: RosterWalk, isCurrent: boolean): Promise<StepOutcome> {
    const at = this.deps.now();
    const page = await this.deps.listPage(walk.cursor ?? undefined);
    const chunk: RosterChunk = { at, entries: entriesOf(page) };
    await this.deps.store.writeChunk(walk.generation, walk.chunks, chunk);
    const ended = lastPage(page, walk.cursor);
    walk.chunks += 1;
    walk.pagesRead += 1;
    walk.cursor = page.endCursor;
    state.totalCount = page.totalCount;
    state.failure = null;
    if (ended) state.powertrainsPending = true;
    if (isCurrent) {
      if (ended) Object.assign(state.current, { complete: true, completedAt: at });
      // The first walk is also the first check: what it read is as fresh as a check would make it.
      if (ended) state.checkedAt = at;
    } else if (ended) {
      const old = state.current;
      state.current = { ...walk, complete: true, completedAt: at };
      state.next = null;
      state.checkedAt = at;
      await this.deps.store.writeState(state);
      await this.deps.store.dropChunks(old.generation, old.chunks);
      return "more";
    }
    await this.deps.store.writeState(state);
    // The next page, or after the last one the powertrains of what the walk brought.
    return "more";
  }
}
