import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { isDimoError } from "@/lib/dimo/errors";
import { type TripPathsMessage, encodePathsMessage } from "@/lib/geo/trip-paths-stream";
import { pathWindowOf } from "@/lib/geo/trip-path-window";
import type { Trip, TripPath, TripPathResult } from "@/lib/models";
import { processWide } from "@/lib/process-wide";
import { isAbort, toFailure } from "./failure";
import { guarded } from "./guard";
import { tripsInput } from "./inputs";

/**
 * The routes of one page of trips, for the trips map: one request from the browser, read from the Telemetry API a few
 * trips at a time and streamed back as each arrives (lib/geo/trip-paths-stream.ts). A finished trip's path never
 * changes, so each is kept in this server instance's memory (not shared between instances; a bounded LRU).
 */

/** Telemetry requests in flight at once for one page: enough to fill the wait, few enough to stay under rate limits. */
export const PATH_CONCURRENCY = 4;
const CACHE_LIMIT = 5_000;

class PathCache {
  private readonly entries = new Map<string, TripPath>();
  get(key: string): TripPath | undefined {
    const path = this.entries.get(key);
    if (path) {
      // Most recently used last, so the oldest is the first to go.
      this.entries.delete(key);
      this.entries.set(key, path);
    }
    return path;
  }
  set(key: string, path: TripPath): void {
    this.entries.set(key, path);
    if (this.entries.size > CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value as string);
  }
  clear(): void {
    this.entries.clear();
  }
}

const pathCache = () => processWide("trip-path-cache", () => new PathCache());

/** Forgets every kept path (the benchmark's cold runs). */
export function clearTripPathCache(): void {
  pathCache().clear();
}

const straight = (trip: Trip, reason: string): TripPathResult => ({ tripId: trip.id, kind: "straight", reason });

interface PathOutcome {
  result: TripPathResult;
  upstream: boolean;
}

async function pathOf(tokenId: number, trip: Trip): Promise<PathOutcome> {
  const key = `${tokenId}:${trip.id}`;
  const kept = pathCache().get(key);
  if (kept) return { result: { tripId: trip.id, kind: "route", path: kept }, upstream: false };
  const window = pathWindowOf(trip);
  if (!window) return { result: straight(trip, "the trip has no start and end times to look its path up by"), upstream: false };
  const path = await getDimoClient().getTripPath(tokenId, window);
  if (path.coordinates.length < 2) return { result: straight(trip, "no location signals during the trip"), upstream: true };
  pathCache().set(key, path);
  return { result: { tripId: trip.id, kind: "route", path }, upstream: true };
}

/** Runs `work` over `items`, at most `limit` at a time, in order of start. */
async function eachBounded<T>(items: readonly T[], limit: number, signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal.aborted) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export interface PathsSummary {
  upstreamRequests: number;
  cached: number;
}

/**
 * Every trip's path (or why it is straight), handed to `onResult` as each arrives, at most PATH_CONCURRENCY telemetry
 * requests at a time. A grant without location history (privilege 4) gets every trip straight without asking; a trip
 * whose telemetry read fails is straight with the reason, and is asked again next time.
 */
export async function forEachTripPath(
  tokenId: number,
  trips: readonly Trip[],
  signal: AbortSignal,
  onResult: (result: TripPathResult) => void,
): Promise<PathsSummary> {
  const client = getDimoClient();
  let noLocation: string | null = null;
  try {
    await client.assertCanUse(tokenId, "location");
  } catch (error) {
    if (!isDimoError(error) || error.code !== "PRIVILEGE_MISSING") throw error;
    noLocation = "the vehicle's grant does not include all-time location (privilege 4)";
  }
  const summary: PathsSummary = { upstreamRequests: 0, cached: 0 };
  await eachBounded(trips, PATH_CONCURRENCY, signal, async (trip) => {
    if (noLocation) return onResult(straight(trip, noLocation));
    try {
      const outcome = await pathOf(tokenId, trip);
      if (outcome.upstream) summary.upstreamRequests++;
      else if (outcome.result.kind === "route") summary.cached++;
      onResult(outcome.result);
    } catch (error) {
      if (isAbort(error)) throw error;
      summary.upstreamRequests++;
      onResult(straight(trip, `telemetry: ${toFailure(error, "trip paths").message}`));
    }
  });
  return summary;
}

/**
 * The page's trips' paths, as a stream. Resolves once the page of trips is read, so a refused or unknown vehicle is
 * still an HTTP error.
 */
export const openTripPathsStream = guarded(tripsInput, async function openTripPathsStream({ tokenId, page }, { signal }) {
  const { trips } = await getDimoClient().listTrips(tokenId, page);
  const stop = new AbortController();
  signal?.addEventListener("abort", () => stop.abort(), { once: true });
  const encoder = new TextEncoder();

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (message: TripPathsMessage) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(encodePathsMessage(message)));
      };
      forEachTripPath(tokenId, trips, stop.signal, (result) => send({ type: "path", ...result }))
        .then((summary) => send({ type: "done", ...summary }))
        .catch((error: unknown) => {
          if (!stop.signal.aborted) send({ type: "error", message: toFailure(error, "trip paths").message });
        })
        .finally(() => {
          if (!stop.signal.aborted) controller.close();
        });
    },
    cancel() {
      stop.abort();
    },
  });
});
