"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { LineSplitter, toAllTripsMessage } from "@/lib/geo/all-trips-stream";
import { markForTests } from "@/lib/test-hooks";
import { PointStore } from "./point-store";

/**
 * Streams every trip's start point from the server (NDJSON, see lib/geo/all-trips-stream.ts) into a PointStore.
 * React state (progress, `version` for the map) is updated at most once a frame, so a fast stream never floods
 * the page with renders. Cancel aborts the request, and the server stops fetching. A request with `since` reads only
 * the pages back to that time; a null request loads nothing (yet).
 */

/** What to load: every trip (`since: null`) or those since a time (Unix ms). */
export interface AllTripsRequest {
  since: number | null;
}

const requestKey = (request: AllTripsRequest | null) => (request === null ? null : request.since === null ? "all" : new Date(request.since).toISOString());

export type AllTripsStatus = "loading" | "done" | "cancelled" | "error";

export interface AllTripsProgress {
  status: AllTripsStatus;
  totalPages: number | null;
  pagesDone: number;
  trips: number;
  points: number;
  truncated: boolean;
  /** What failed, in the server's words, with the DIMO call that failed when there was one. */
  error: { code: string; message: string; callId?: string } | null;
  /** Bumped whenever points were added. */
  version: number;
  /** When this run started (Date.now()), for the time left. */
  startedAt: number;
}

/** The longest the stream's lines are parsed before the page gets a turn (a frame is about 16 ms). */
const SLICE_MS = 30;

/** Marked under test (with the status appended) when a run ends: read by the speed measurement. */
export const FINISH_MARK = "all-trips:finished";

const INITIAL: AllTripsProgress = {
  status: "loading",
  totalPages: null,
  pagesDone: 0,
  trips: 0,
  points: 0,
  truncated: false,
  error: null,
  version: 0,
  startedAt: 0,
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

async function readError(response: Response): Promise<AllTripsProgress["error"]> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown; callId?: unknown } };
    if (typeof body.error?.code === "string" && typeof body.error.message === "string") {
      const { code, message, callId } = body.error;
      return typeof callId === "string" ? { code, message, callId } : { code, message };
    }
  } catch {
    // Not the JSON the route sends (a proxy's error page): fall through to a generic message.
  }
  return { code: "HTTP_ERROR", message: `The trips could not be loaded (HTTP ${response.status}). Try again.` };
}

export function useAllTrips(tokenId: number, request: AllTripsRequest | null) {
  // Each run (the first, every restart, every other request) streams into a store of its own.
  const key = requestKey(request);
  const [run, setRun] = useState(() => ({ id: 0, store: new PointStore(), key }));
  const [progress, setProgress] = useState<AllTripsProgress>(INITIAL);
  const controllerRef = useRef<AbortController | null>(null);
  if (run.key !== key) {
    // Another request: a new run, from the first render that asks for it.
    setRun((previous) => ({ id: previous.id + 1, store: new PointStore(), key }));
    setProgress(INITIAL);
  }

  useEffect(() => {
    if (run.key === null) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    const points = run.store;
    const latest: AllTripsProgress = { ...INITIAL, startedAt: Date.now() };
    let active = true;
    let frame: number | null = null;
    const publish = () => {
      frame = null;
      // A run that was replaced or unmounted must not overwrite the progress of the next one.
      if (active) setProgress({ ...latest, points: points.count });
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(publish);
    };
    const finish = (status: AllTripsStatus, error: AllTripsProgress["error"] = null) => {
      if (active) markForTests(`${FINISH_MARK}:${status}`);
      latest.status = status;
      latest.error = error;
      if (frame !== null) cancelAnimationFrame(frame);
      publish();
    };

    const handleLine = (line: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      const message = toAllTripsMessage(parsed);
      if (!message) return;
      if (message.type === "start") latest.totalPages = message.totalPages;
      else if (message.type === "page") {
        points.add(message.points, message.page, message.details);
        latest.pagesDone += 1;
        latest.trips += message.trips;
        latest.version += 1;
      } else if (message.type === "done") {
        latest.truncated = message.truncated;
        latest.status = "done";
      } else latest.error = { code: message.code, message: message.message, ...(message.callId ? { callId: message.callId } : {}) };
    };

    (async () => {
      const since = run.key === "all" ? "" : `?since=${encodeURIComponent(run.key ?? "")}`;
      const response = await fetch(`/api/vehicles/${tokenId}/trips/all${since}`, { signal: controller.signal });
      if (!response.ok || !response.body) return finish("error", await readError(response));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const splitter = new LineSplitter();
      let sliceStarted = performance.now();
      for (;;) {
        const { done, value } = await reader.read();
        const lines = done ? splitter.flush() : splitter.push(value);
        for (const line of lines) {
          handleLine(line);
          // A warm history arrives faster than it parses, hundreds of pages to a chunk: let the page breathe between slices.
          if (performance.now() - sliceStarted > SLICE_MS) {
            schedule();
            await new Promise((resolve) => setTimeout(resolve, 0));
            sliceStarted = performance.now();
          }
        }
        if (done) break;
        schedule();
      }
      if (latest.error) finish("error", latest.error);
      else if (latest.status === "done") finish("done");
      else finish("error", { code: "INCOMPLETE", message: "The connection closed before every trip arrived. Try again." });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return finish("cancelled");
      finish("error", { code: "NETWORK_ERROR", message: error instanceof Error ? error.message : "The trips could not be loaded." });
    });

    return () => {
      active = false;
      controller.abort();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [tokenId, run]);

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const restart = useCallback(() => {
    setProgress(INITIAL);
    setRun((previous) => ({ ...previous, id: previous.id + 1, store: new PointStore() }));
  }, []);

  return { store: run.store, progress, cancel, restart };
}
