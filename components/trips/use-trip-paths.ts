"use client";

import { type TripPathsMessage, toPathsMessage } from "@/lib/geo/trip-paths-stream";
import { type NdjsonStream, type StreamStatus, useNdjsonStream } from "@/lib/hooks/use-ndjson-stream";
import type { TripPathResult } from "@/lib/models";
import { type AppError } from "@/lib/result";
import { markForTests } from "@/lib/test-hooks";

/**
 * The routes of the page's trips, streamed in one request (app/api/vehicles/[tokenId]/trips/paths) through the one
 * stream hook (lib/hooks/use-ndjson-stream.ts) and handed to the map as they arrive, at most once a frame. A failed
 * request leaves every trip straight, with the reason.
 */

/** Marked under test when every path of the page has arrived: read by the speed measurement. */
const PATHS_DONE_MARK = "trips-paths:done";

export interface TripPathsState {
  /** Paths known so far, by trip id; a new Map on each change. */
  paths: ReadonlyMap<string, TripPathResult>;
  status: StreamStatus;
  error: AppError | null;
}

/** One page's paths, by trip id. */
class TripPathsSink {
  private readonly paths = new Map<string, TripPathResult>();

  take(message: TripPathsMessage): void {
    if (message.type !== "path") return;
    const { type: _type, ...result } = message;
    this.paths.set(result.tripId, result);
  }

  snapshot(): ReadonlyMap<string, TripPathResult> {
    return new Map(this.paths);
  }
}

const TRIP_PATHS_STREAM: NdjsonStream<TripPathsMessage, ReadonlyMap<string, TripPathResult>> = {
  toMessage: toPathsMessage,
  isDone: (message) => message.type === "done",
  whole: "every route",
  createSink: () => new TripPathsSink(),
  onEnd: (status) => {
    if (status === "done") markForTests(PATHS_DONE_MARK);
  },
};

/** `page`: the page on screen once its trips are settled, null while they load; a new page starts afresh. */
export function useTripPaths(tokenId: number, page: number | null): TripPathsState {
  const { state } = useNdjsonStream(
    page === null ? null : `/api/vehicles/${tokenId}/trips/paths?page=${page}`,
    TRIP_PATHS_STREAM,
  );
  return { paths: state.data, status: state.status, error: state.error };
}
