"use client";

import { useEffect, useState } from "react";
import { LineSplitter } from "@/lib/geo/all-trips-stream";
import { toPathsMessage } from "@/lib/geo/trip-paths-stream";
import type { TripPathResult } from "@/lib/models";
import { markForTests } from "@/lib/test-hooks";

/**
 * The routes of the page's trips, streamed in one request (app/api/vehicles/[tokenId]/trips/paths) and handed to the
 * map as they arrive, at most once a frame. A failed request leaves every trip straight, with the reason.
 */

/** Marked under test when every path of the page has arrived: read by the speed measurement. */
export const PATHS_DONE_MARK = "trips-paths:done";

export interface TripPathsState {
  /** Paths known so far, by trip id; a new Map on each change. */
  paths: ReadonlyMap<string, TripPathResult>;
  status: "loading" | "done" | "error";
  error: string | null;
}

const EMPTY: TripPathsState = { paths: new Map(), status: "loading", error: null };

/** `page`: the page on screen once its trips are settled, null while they load; a new page starts afresh. */
export function useTripPaths(tokenId: number, page: number | null): TripPathsState {
  // Kept with the page it belongs to: another page's paths are never shown as this one's.
  const [state, setState] = useState<{ page: number | null; value: TripPathsState }>({ page: null, value: EMPTY });

  useEffect(() => {
    if (page === null) return;
    const controller = new AbortController();
    const paths = new Map<string, TripPathResult>();
    let frame: number | null = null;
    let active = true;
    const publish = (status: TripPathsState["status"] = "loading", error: string | null = null) => {
      frame = null;
      if (active) setState({ page, value: { paths: new Map(paths), status, error } });
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(() => publish());
    };
    const finish = (status: "done" | "error", error: string | null = null) => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (active && status === "done") markForTests(PATHS_DONE_MARK);
      publish(status, error);
    };

    (async () => {
      const response = await fetch(`/api/vehicles/${tokenId}/trips/paths?page=${page}`, { signal: controller.signal, cache: "no-store" });
      if (!response.ok || !response.body) return finish("error", `The routes could not be loaded (HTTP ${response.status}).`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const splitter = new LineSplitter();
      let error: string | null = null;
      let done = false;
      for (;;) {
        const chunk = await reader.read();
        for (const line of chunk.done ? splitter.flush() : splitter.push(chunk.value)) {
          let message;
          try {
            message = toPathsMessage(JSON.parse(line));
          } catch {
            message = null;
          }
          if (message?.type === "path") {
            const { type: _type, ...result } = message;
            paths.set(result.tripId, result as TripPathResult);
          } else if (message?.type === "done") done = true;
          else if (message?.type === "error") error = message.message;
        }
        if (chunk.done) break;
        schedule();
      }
      if (error !== null || !done) finish("error", error ?? "The connection closed before every route arrived.");
      else finish("done");
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) finish("error", error instanceof Error ? error.message : "The routes could not be loaded.");
    });

    return () => {
      active = false;
      controller.abort();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [tokenId, page]);

  return state.page === page && page !== null ? state.value : EMPTY;
}
