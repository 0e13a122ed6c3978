import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { isDimoError } from "@/lib/dimo/errors";
import { type TripPathsMessage, encodePathsMessage } from "@/lib/geo/trip-paths-stream";
import { type PathWindow, pathWindowOf } from "@/lib/geo/trip-path-window";
import { PATHS_PER_REQUEST, type PathAnswer } from "@/lib/dimo/telemetry";
import type { Trip, TripPath, TripPathResult } from "@/lib/models";
import { processWideCache } from "@/lib/process-wide";
import { TRIPS_PAGE_SIZE } from "@/lib/protocol";
import { isAbort, toFailure } from "./failure";
import { guarded } from "./guard";
import { tripsInput } from "./inputs";
import { openLongRead } from "./long-reads";
import { recentTripsPage } from "./recent-trip-pages";

/**
 * The routes of one page of trips, for the trips map: one request from the browser, read from the Telemetry API ten
 * trips to a request and streamed back as each request's answer arrives (lib/geo/trip-paths-stream.ts). A finished trip's path never
 * changes, so each is kept in this server instance's memory (not shared between instances; a bounded cache).
 */

/**
 * Telemetry requests in flight at once for one page: a page of 100 trips is 10 requests, and 3 at a time fill the
 * wait without queueing behind the service's rate limit (lib/dimo/pacer.ts paces them anyway).
 */
export const PATH_CONCURRENCY = 3;

/**
 * The kept paths: as many as the pages of trips a few people page through, the least recently used dropped first.
 * None expires, as a finished trip's path never changes.
 */
const pathCache = () => processWideCache<string, TripPath>("trip-path-cache", { max: 50 * TRIPS_PAGE_SIZE });

/** Forgets every kept path (cold runs in tests). */
export function clearTripPathCache(): void {
  pathCache().clear();
}

/** A trip's entry in the cache: trip ids are unique per vehicle, not across them. */
const pathKey = (tokenId: number, trip: Trip) => `${tokenId}:${trip.id}`;

const straight = (trip: Trip, reason: string): TripPathResult => ({ tripId: trip.id, kind: "straight", reason });

/** Splits `items` into runs of at most `size`, in order. */
function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/** Runs `work` over `items`, at most `limit` at a time, in order of start. */
async function eachBounded<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal.aborted) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export interface PathsSummary {
  /** Telemetry API requests made (each asks for up to PATHS_PER_REQUEST trips). */
  upstreamRequests: number;
  /** Trips answered from this instance's cache, with no request. */
  cached: number;
}

interface PathJob {
  trip: Trip;
  window: PathWindow;
}

/**
 * Every trip's path (or why it is straight), handed to `onResult` as it is known: kept paths at once, the others
 * PATHS_PER_REQUEST to a Telemetry API request, at most PATH_CONCURRENCY requests at a time. A grant without location
 * history (privilege 4) gets every trip straight without asking; a trip whose telemetry read fails is straight with
 * the reason, and is asked again next time.
 */
export async function forEachTripPath(
  tokenId: number,
  trips: readonly Trip[],
  signal: AbortSignal,
  onResult: (result: TripPathResult) => void,
): Promise<PathsSummary> {
  const client = getDimoClient();
  const summary: PathsSummary = { upstreamRequests: 0, cached: 0 };
  try {
    await client.assertCanUse(tokenId, "location");
  } catch (error) {
    if (!isDimoError(error) || error.code !== "PRIVILEGE_MISSING") throw error;
    for (const trip of trips)
      onResult(straight(trip, "the vehicle's grant does not include all-time location (privilege 4)"));
    return summary;
  }

  const jobs: PathJob[] = [];
  for (const trip of trips) {
    const kept = pathCache().get(pathKey(tokenId, trip));
    const window = pathWindowOf(trip);
    if (kept) {
      summary.cached++;
      onResult({ tripId: trip.id, kind: "route", path: kept });
    } else if (!window) onResult(straight(trip, "the trip has no start and end times to look its path up by"));
    else jobs.push({ trip, window });
  }

  await eachBounded(chunked(jobs, PATHS_PER_REQUEST), PATH_CONCURRENCY, signal, async (batch) => {
    summary.upstreamRequests++;
    let answers: PathAnswer[];
    try {
      answers = await client.getTripPaths(
        tokenId,
        batch.map((job) => job.window),
      );
    } catch (error) {
      if (isAbort(error)) throw error;
      const reason = `telemetry: ${toFailure(error, "trip paths").message}`;
      for (const { trip } of batch) onResult(straight(trip, reason));
      return;
    }
    batch.forEach(({ trip }, index) => {
      const answer = answers[index];
      if (!answer?.ok)
        return onResult(
          straight(trip, `telemetry: ${answer ? toFailure(answer.error, "trip paths").message : "no answer"}`),
        );
      if (answer.path.coordinates.length < 2) return onResult(straight(trip, "no location signals during the trip"));
      pathCache().set(pathKey(tokenId, trip), answer.path);
      onResult({ tripId: trip.id, kind: "route", path: answer.path });
    });
  });
  return summary;
}

/** The paths of `trips` as NDJSON lines, ending with a `done` or an `error` line; stops when `signal` aborts. */
function tripPathsStream(tokenId: number, trips: readonly Trip[], signal: AbortSignal | undefined) {
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
          if (!stop.signal.aborted) send({ type: "error", ...toFailure(error, "trip paths") });
        })
        .finally(() => {
          if (!stop.signal.aborted) controller.close();
        });
    },
    cancel() {
      stop.abort();
    },
  });
}

/**
 * The page's trips' paths, as a stream: one of the session's long reads. The page is the one the page read or the
 * prefetch has just fetched when there is one (recent-trip-pages.ts), else read now. Resolves once the page of trips
 * is known, so a refused or unknown vehicle is still an HTTP error.
 */
export const openTripPathsStream = guarded(
  tripsInput,
  async function openTripPathsStream({ tokenId, page }, { session, signal }) {
    return openLongRead(session, signal, async (hold) => {
      const { trips } = await recentTripsPage(tokenId, page);
      return hold(tripPathsStream(tokenId, trips, signal));
    });
  },
);
