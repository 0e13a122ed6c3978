import "server-only";
import { randomUUID } from "node:crypto";
import type { Vehicle } from "@/lib/models";
import { type AppError } from "@/lib/result";
import type { CappedLogStore, KeyValueStore } from "@/lib/store/types";

/**
 * Where the roster lives: in the shared store (Redis when configured, so every instance serves the same roster and
 * one worker fills it), this process's memory otherwise. A small state key says how far the walk through the identity
 * API is; the vehicles sit in chunks of one identity page each, written once and never changed, so a reader that
 * holds the first chunks only reads the ones added since. Landings (an owner sharing or revoking through a link) go
 * to a capped log beside them, so they need no lock.
 */

/** One walk through the identity API's list, into chunks of its own. */
export interface RosterWalk {
  generation: number;
  chunks: number;
  pagesRead: number;
  /** Where the walk goes on: the last page's end cursor; null before the first page. */
  cursor: string | null;
  startedAt: number;
}

export interface RosterState {
  /** The walk readers read; `complete` once it reached the end of the list; `completedAt` null when a re-read is due. */
  current: RosterWalk & { complete: boolean; completedAt: number | null };
  /** A full re-read under way, swapped in for `current` when it reaches the end; it finds grants that went away. */
  next: RosterWalk | null;
  /** What the identity API said the license's list holds, last it was asked. */
  totalCount: number | null;
  /** When the top of the list was last compared with the roster. */
  checkedAt: number | null;
  /** Whether vehicles came in whose device definition's powertrain is not known yet. */
  powertrainsPending: boolean;
  /** The last walk or check that failed, in words for people. */
  failure: { error: AppError; at: number } | null;
}

/** A vehicle as read at `at`; null when it is no longer shared. */
export type RosterEntry = [tokenId: number, vehicle: Vehicle | null];

export interface RosterChunk {
  at: number;
  entries: RosterEntry[];
}

/** An idle roster is dropped after a week; the next view fills it again. */
const KEPT_MS = 7 * 24 * 3_600_000;
/** Longer than one identity page takes with its retries; a worker that died frees the roster after it. */
const LOCK_MS = 60_000;
const LANDINGS_CAP = 1_000;

export class RosterStore {
  constructor(
    private readonly keyValue: KeyValueStore,
    private readonly logs: CappedLogStore,
    private readonly clientId: string,
  ) {}

  private key(part: string) {
    return `roster:${this.clientId.toLowerCase()}:${part}`;
  }

  async readState(): Promise<RosterState | null> {
    const text = await this.keyValue.get(this.key("state"));
    if (text === null) return null;
    try {
      return JSON.parse(text) as RosterState;
    } catch {
      return null;
    }
  }

  writeState(state: RosterState): Promise<void> {
    return this.keyValue.set(this.key("state"), JSON.stringify(state), KEPT_MS);
  }

  writeChunk(generation: number, index: number, chunk: RosterChunk): Promise<void> {
    return this.keyValue.set(this.key(`chunk:${generation}:${index}`), JSON.stringify(chunk), KEPT_MS);
  }

  /** Chunks `from` to `to` (exclusive) of a walk; null for one the store no longer holds. */
  async readChunks(generation: number, from: number, to: number): Promise<(RosterChunk | null)[]> {
    const indexes = Array.from({ length: Math.max(0, to - from) }, (_, n) => from + n);
    const texts = await Promise.all(indexes.map((n) => this.keyValue.get(this.key(`chunk:${generation}:${n}`))));
    return texts.map((text) => (text === null ? null : (JSON.parse(text) as RosterChunk)));
  }

  async dropChunks(generation: number, count: number): Promise<void> {
    await Promise.all(
      Array.from({ length: count }, (_, n) => this.keyValue.delete(this.key(`chunk:${generation}:${n}`))),
    );
  }

  /** The powertrain of each device definition asked for so far (null: the identity API does not say). */
  async readPowertrains(): Promise<Record<string, string | null>> {
    const text = await this.keyValue.get(this.key("powertrains"));
    if (text === null) return {};
    try {
      return JSON.parse(text) as Record<string, string | null>;
    } catch {
      return {};
    }
  }

  writePowertrains(powertrains: Record<string, string | null>): Promise<void> {
    return this.keyValue.set(this.key("powertrains"), JSON.stringify(powertrains), KEPT_MS);
  }

  /** The VINs the dashboard has read, by token id (from the VIN credential, on the Overview or the credentials list). */
  async readVins(): Promise<Record<string, string>> {
    const text = await this.keyValue.get(this.key("vins"));
    if (text === null) return {};
    try {
      return JSON.parse(text) as Record<string, string>;
    } catch {
      return {};
    }
  }

  writeVins(vins: Record<string, string>): Promise<void> {
    return this.keyValue.set(this.key("vins"), JSON.stringify(vins), KEPT_MS);
  }

  appendLanding(chunk: RosterChunk): Promise<void> {
    return this.logs.append(this.key("landings"), JSON.stringify(chunk), LANDINGS_CAP);
  }

  async readLandings(): Promise<RosterChunk[]> {
    const chunks: RosterChunk[] = [];
    // Without the landings the roster is only as fresh as its last read of the list, which is still worth showing.
    const texts = await this.logs.list(this.key("landings")).catch(() => []);
    for (const text of texts) {
      try {
        chunks.push(JSON.parse(text) as RosterChunk);
      } catch {
        // A landing this version cannot read is skipped; the next walk reads the vehicle anyway.
      }
    }
    return chunks;
  }

  /**
   * Runs `work` while holding the roster's lock, so one worker at a time (across instances) writes the state and its
   * chunks; null when another holds it.
   */
  async withLock<T>(work: () => Promise<T>): Promise<T | null> {
    const key = this.key("lock");
    const holder = randomUUID();
    if (!(await this.keyValue.setIfAbsent(key, holder, LOCK_MS))) return null;
    try {
      return await work();
    } finally {
      await this.keyValue.deleteIfEquals(key, holder);
    }
  }
}

export function emptyRosterState(now: number, generation = 1): RosterState {
  return {
    current: {
      generation,
      chunks: 0,
      pagesRead: 0,
      cursor: null,
      startedAt: now,
      complete: false,
      completedAt: null,
    },
    next: null,
    totalCount: null,
    checkedAt: null,
    powertrainsPending: false,
    failure: null,
  };
}
