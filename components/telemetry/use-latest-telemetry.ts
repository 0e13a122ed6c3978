"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, use } from "react";
import { useHydrated } from "@/lib/hooks/use-now";
import { type TelemetryLatest } from "@/lib/models";
import { type AppError, type Result, toAppError } from "@/lib/result";
import { latestQuery } from "./telemetry-query";

/**
 * The server's read of the latest signals, started by the Overview and streamed to its panels; null when the grant
 * allows no signal, so nothing is read. Provided by `OverviewFrame`.
 */
export const LatestTelemetrySeed = createContext<Promise<Result<TelemetryLatest>> | null>(null);

export type LatestTelemetry =
  /** Before the server's answer and before hydration: values are shown in the viewer's locale and clock. */
  | { status: "loading" }
  /** The grant allows no signal. */
  | { status: "unreadable" }
  | { status: "error"; error: AppError; retry: () => void; retrying: boolean }
  | { status: "ready"; latest: TelemetryLatest };

/**
 * The vehicle's latest signals, for every Overview panel that shows them: one query, so one request however many
 * panels read it. The calling component suspends until the server's answer streams in; that answer seeds the query,
 * which the browser then refreshes. A failed server read is asked once more by the browser before it shows.
 */
export function useLatestTelemetry(tokenId: number): LatestTelemetry {
  const seed = use(LatestTelemetrySeed);
  const initial = seed ? use(seed) : null;
  const hydrated = useHydrated();
  const query = useQuery({
    ...latestQuery(tokenId),
    initialData: initial?.ok ? initial.data : undefined,
    enabled: seed !== null,
  });
  if (!hydrated) return { status: "loading" };
  if (seed === null) return { status: "unreadable" };
  if (query.data !== undefined) return { status: "ready", latest: query.data };
  if (query.error)
    return {
      status: "error",
      error: toAppError(query.error),
      retry: () => void query.refetch(),
      retrying: query.isFetching,
    };
  return { status: "loading" };
}
