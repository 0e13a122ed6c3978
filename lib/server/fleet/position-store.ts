import "server-only";
import type { CappedLogStore, KeyValueStore } from "@/lib/store/types";
import { HINTS_PER_MINUTE } from "./hints";

/**
 * Where the fleet's positions live: in the shared store (Redis when configured, so every instance serves the same map
 * and one refresher fills it), this process's memory otherwise. The records sit in a fixed number of buckets by token
 * id, so a view reads a few dozen keys whatever the fleet's size, and the refresher rewrites only the buckets of the
 * vehicles it just read. Every record is an answer of the Telemetry API. Hints from webhook deliveries go to a capped
 * log beside them, so any instance can record one without the refresher's lock; the refresher reads the vehicles they
 * name.
 */

export interface StoredPosition {
  lat: number;
  lon: number;
  /** When the vehicle sent it, epoch milliseconds. */
  atMs: number;
}

/**
 * The exact fix and the approximate one (an H3 cell's centre) are kept apart: which one a view may show depends on
 * the vehicle's grant when it is shown, and an answer of one kind must not push out the other.
 */
export interface PositionRecord {
  exact: StoredPosition | null;
  approximate: StoredPosition | null;
  /** When the vehicle last sent any signal. */
  seenMs: number | null;
  /** When the refresher last read the vehicle. */
  readAt: number | null;
}

export interface RefresherState {
  /** The last run's failure, in words for people; cleared by the next run that reads a vehicle. */
  failure: { message: string; at: number } | null;
  /** Vehicles a second the last run read, with when it measured it; what the progress line's estimate uses. */
  rate: { perSecond: number; at: number } | null;
}

/** Enough for a view to read all of them at once, few enough that each is a few kilobytes in a 10,000-vehicle fleet. */
const BUCKETS = 64;
/** An idle fleet's positions are dropped after a week, as its roster is; the next view starts them again. */
const KEPT_MS = 7 * 24 * 3_600_000;
/** Ten minutes of hints at the most the fleet takes (hints.ts); the refresher reads them long before. */
const HINTS_KEPT = 10 * HINTS_PER_MINUTE;

const newer = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const later = (a: StoredPosition | null, b: StoredPosition | null) =>
  a === null ? b : b === null || a.atMs >= b.atMs ? a : b;

/** What two accounts of one vehicle add up to: the later position, the later of each time. */
function mergeRecords(a: PositionRecord | undefined, b: PositionRecord): PositionRecord {
  if (!a) return b;
  return {
    exact: later(a.exact, b.exact),
    approximate: later(a.approximate, b.approximate),
    seenMs: newer(a.seenMs, b.seenMs),
    readAt: newer(a.readAt, b.readAt),
  };
}

const bucketOf = (tokenId: number) => tokenId % BUCKETS;

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export class PositionStore {
  constructor(
    private readonly keyValue: KeyValueStore,
    private readonly logs: CappedLogStore,
    private readonly clientId: string,
  ) {}

  key(part: string): string {
    return `fleet:${this.clientId.toLowerCase()}:${part}`;
  }

  /** Every vehicle's record. */
  async readAll(): Promise<Map<number, PositionRecord>> {
    const buckets = await Promise.all(Array.from({ length: BUCKETS }, (_, n) => this.readBucket(n)));
    const records = new Map<number, PositionRecord>();
    for (const bucket of buckets) for (const [id, record] of Object.entries(bucket)) records.set(Number(id), record);
    return records;
  }

  /** Whether the refresher has read the vehicle: one key, so an unauthenticated hint costs little to check. */
  async hasRecord(tokenId: number): Promise<boolean> {
    return tokenId in (await this.readBucket(bucketOf(tokenId)));
  }

  /** Merges `records` into their buckets: each bucket read, merged and written again, so no newer word is lost. */
  async write(records: ReadonlyMap<number, PositionRecord>): Promise<void> {
    const byBucket = new Map<number, [number, PositionRecord][]>();
    for (const entry of records) {
      const n = bucketOf(entry[0]);
      byBucket.set(n, [...(byBucket.get(n) ?? []), entry]);
    }
    await Promise.all(
      [...byBucket].map(async ([n, entries]) => {
        const bucket = await this.readBucket(n);
        for (const [tokenId, record] of entries) bucket[tokenId] = mergeRecords(bucket[tokenId], record);
        await this.keyValue.set(this.bucketKey(n), JSON.stringify(bucket), KEPT_MS);
      }),
    );
  }

  /** A hint that the vehicle is worth reading again, from any instance, without the refresher's lock. */
  hint(tokenId: number, at: number): Promise<void> {
    return this.logs.append(this.key("hints"), JSON.stringify([tokenId, at]), HINTS_KEPT);
  }

  /** When each hinted vehicle was last hinted. */
  async readHints(): Promise<Map<number, number>> {
    // Without the hints the map is only as fresh as the refresher's round, which is still worth showing.
    const texts = await this.logs.list(this.key("hints")).catch(() => []);
    const hints = new Map<number, number>();
    for (const text of texts) {
      const entry = parseJson<unknown>(text, null);
      if (Array.isArray(entry) && typeof entry[0] === "number" && typeof entry[1] === "number") {
        hints.set(entry[0], Math.max(entry[1], hints.get(entry[0]) ?? entry[1]));
      }
    }
    return hints;
  }

  async readState(): Promise<RefresherState> {
    return parseJson<RefresherState>(await this.keyValue.get(this.key("state")), { failure: null, rate: null });
  }

  async updateState(change: Partial<RefresherState>): Promise<void> {
    const state = await this.readState();
    await this.keyValue.set(this.key("state"), JSON.stringify({ ...state, ...change }), KEPT_MS);
  }

  /** That someone looked at the positions, on any instance: the refresher re-reads only a fleet that is watched. */
  noteViewed(at: number): Promise<void> {
    return this.keyValue.set(this.key("viewed"), String(at), KEPT_MS);
  }

  async viewedAt(): Promise<number | null> {
    const text = await this.keyValue.get(this.key("viewed"));
    return text === null || !Number.isFinite(Number(text)) ? null : Number(text);
  }

  /** Takes the refresher's lock for `leaseMs` unless another instance holds it. */
  acquire(holder: string, leaseMs: number): Promise<boolean> {
    return this.keyValue.setIfAbsent(this.key("lock"), holder, leaseMs);
  }

  /** Extends the lease while `holder` still has it, in one step; false once another took it over. */
  renew(holder: string, leaseMs: number): Promise<boolean> {
    return this.keyValue.extendIfEquals(this.key("lock"), holder, leaseMs);
  }

  async release(holder: string): Promise<void> {
    await this.keyValue.deleteIfEquals(this.key("lock"), holder);
  }

  /** Whether some instance's refresher holds the lock now. */
  async isHeld(): Promise<boolean> {
    return (await this.keyValue.get(this.key("lock"))) !== null;
  }

  /** Only the Telemetry API's answers are kept under these keys. */
  private bucketKey(n: number): string {
    return this.key(`read:${n}`);
  }

  private async readBucket(n: number): Promise<Record<number, PositionRecord>> {
    return parseJson<Record<number, PositionRecord>>(await this.keyValue.get(this.bucketKey(n)), {});
  }
}
