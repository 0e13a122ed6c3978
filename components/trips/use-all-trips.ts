"use client";

import { type AllTripsMessage, toAllTripsMessage } from "@/lib/geo/all-trips-stream";
import { type NdjsonStream, type StreamStatus, useNdjsonStream } from "@/lib/hooks/use-ndjson-stream";
import { type AppError } from "@/lib/result";
import { markForTests } from "@/lib/test-hooks";
import { PointStore } from "./point-store";

/**
 * Streams every trip's start point from the server (NDJSON, see lib/geo/all-trips-stream.ts) into a PointStore, through
 * the one stream hook (lib/hooks/use-ndjson-stream.ts): progress reaches React at most once a frame. Cancel aborts
 * the request, and the server stops fetching. A request with `since` reads only the pages back to that time; a null
 * request loads nothing (yet).
 */

/** What to load: every trip (`since: null`) or those since a time (Unix ms). */
export interface AllTripsRequest {
  since: number | null;
}

type AllTripsStatus = StreamStatus;

export interface AllTripsProgress {
  status: AllTripsStatus;
  totalPages: number | null;
  pagesDone: number;
  trips: number;
  points: number;
  truncated: boolean;
  /** What failed, with the DIMO call that failed when there was one. */
  error: AppError | null;
  /** Bumped whenever points were added. */
  version: number;
  /** When this run started (Date.now()), for the time left. */
  startedAt: number;
}

/** Marked under test (with the status appended) when a run ends: read by the speed measurement. */
const FINISH_MARK = "all-trips:finished";

type Counts = Pick<AllTripsProgress, "totalPages" | "pagesDone" | "trips" | "points" | "truncated" | "version">;

/** One run's points, and how far it has got. */
class AllTripsSink {
  readonly store = new PointStore();
  private counts: Omit<Counts, "points"> = { totalPages: null, pagesDone: 0, trips: 0, truncated: false, version: 0 };

  take(message: AllTripsMessage): void {
    const counts = this.counts;
    if (message.type === "start") counts.totalPages = message.totalPages;
    else if (message.type === "page") {
      this.store.add(message.points, message.page, message.details);
      counts.pagesDone += 1;
      counts.trips += message.trips;
      counts.version += 1;
    } else if (message.type === "done") counts.truncated = message.truncated;
  }

  snapshot(): { store: PointStore } & Counts {
    return { store: this.store, ...this.counts, points: this.store.count };
  }
}

const ALL_TRIPS_STREAM: NdjsonStream<AllTripsMessage, ReturnType<AllTripsSink["snapshot"]>> = {
  toMessage: toAllTripsMessage,
  isDone: (message) => message.type === "done",
  whole: "every trip",
  createSink: () => new AllTripsSink(),
  onEnd: (status) => markForTests(`${FINISH_MARK}:${status}`),
};

/**
 * The time the rest of the pages will take at the pace seen so far (DIMO's rate limit sets it: about 2 minutes for
 * 1,000 pages), or null until a few pages have given a pace.
 */
export function timeLeftMs(progress: AllTripsProgress, nowMs: number): number | null {
  const { totalPages, pagesDone, startedAt } = progress;
  if (totalPages === null || pagesDone < 3 || pagesDone >= totalPages) return null;
  const perPage = (nowMs - startedAt) / pagesDone;
  return Math.round(perPage * (totalPages - pagesDone));
}

const urlOf = (tokenId: number, request: AllTripsRequest | null) =>
  request === null
    ? null
    : `/api/vehicles/${tokenId}/trips/all${request.since === null ? "" : `?since=${encodeURIComponent(new Date(request.since).toISOString())}`}`;

export function useAllTrips(tokenId: number, request: AllTripsRequest | null) {
  const { state, cancel, restart } = useNdjsonStream(urlOf(tokenId, request), ALL_TRIPS_STREAM);
  const { store, ...counts } = state.data;
  const progress: AllTripsProgress = {
    status: state.status,
    error: state.error,
    startedAt: state.startedAt,
    ...counts,
  };
  return { store, progress, cancel, restart };
}
