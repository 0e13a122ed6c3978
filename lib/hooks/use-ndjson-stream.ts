"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type StreamReading, fetchNdjson } from "@/lib/ndjson";
import { type AppError } from "@/lib/result";

/**
 * Reads one of the dashboard's NDJSON routes (lib/ndjson.ts) into React: each run's messages go into a sink of its
 * own, outside React, and the page sees the sink's snapshot at most once a frame, so a fast stream never floods it
 * with renders. A failure is an AppError, whether the route refused, the stream reported one or the connection
 * broke. Another address, or a restart, is a new run with a new sink; a run that was replaced or unmounted is
 * aborted (the server stops) and never publishes again.
 */

export type StreamStatus = "loading" | "done" | "cancelled" | "error";

/** Where a run's messages go. */
interface StreamSink<M, T> {
  take(message: M): void;
  /** What the page sees of the run so far. */
  snapshot(): T;
}

export interface NdjsonStream<M, T> extends StreamReading<M> {
  /** A new sink for each run. */
  createSink: () => StreamSink<M, T>;
  /** Called once when a run ends, unless it was replaced or unmounted first. */
  onEnd?: (status: Exclude<StreamStatus, "loading">) => void;
}

export interface StreamState<T> {
  status: StreamStatus;
  /** Set exactly when `status` is "error". */
  error: AppError | null;
  data: T;
  /** When the run's request went out (Date.now()), 0 before it did. */
  startedAt: number;
}

interface Run<M, T> {
  id: number;
  url: string | null;
  sink: StreamSink<M, T>;
  initial: StreamState<T>;
}

function newRun<M, T>(id: number, url: string | null, stream: NdjsonStream<M, T>): Run<M, T> {
  const sink = stream.createSink();
  return { id, url, sink, initial: { status: "loading", error: null, data: sink.snapshot(), startedAt: 0 } };
}

/**
 * `url`: the route to read, null to read nothing yet (the state stays the first, "loading" one). `stream` says how
 * to read it and is expected to be a module constant: a new one does not start a new run.
 */
export function useNdjsonStream<M, T>(url: string | null, stream: NdjsonStream<M, T>) {
  const [run, setRun] = useState(() => newRun(0, url, stream));
  // Tagged with its run, so that a new run never shows the last one's state.
  const [published, setPublished] = useState<{ run: number; state: StreamState<T> } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  if (run.url !== url) setRun(newRun(run.id + 1, url, stream));

  useEffect(() => {
    if (run.url === null) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    const { sink } = run;
    const startedAt = Date.now();
    let active = true;
    let frame: number | null = null;
    let status: StreamStatus = "loading";
    let error: AppError | null = null;
    const publish = () => {
      frame = null;
      if (active) setPublished({ run: run.id, state: { status, error, data: sink.snapshot(), startedAt } });
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(publish);
    };

    void fetchNdjson(run.url, controller.signal, stream, {
      onMessage: (message) => sink.take(message),
      onProgress: schedule,
    }).then((end) => {
      if (active) stream.onEnd?.(end.status);
      status = end.status;
      error = end.error;
      if (frame !== null) cancelAnimationFrame(frame);
      publish();
    });

    return () => {
      active = false;
      controller.abort();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [run, stream]);

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const restart = useCallback(() => setRun((previous) => newRun(previous.id + 1, previous.url, stream)), [stream]);
  const state = published?.run === run.id ? published.state : run.initial;
  return { state, cancel, restart };
}
