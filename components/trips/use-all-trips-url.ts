"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { ALL_TRIPS_VIEWS, type AllTripsView } from "@/components/map/all-trips-views";
import { type TimeWindow, readWindow, windowParams } from "./time-window";

/**
 * The all-trips page's state in the URL: the time window (`range`, `from`, `to`, see time-window.ts) and the view
 * (`view=density` or `view=lines`; clusters when absent). Changes replace the history entry, as a filter does, and Next.js folds
 * them into its router, so a reload or a shared link opens the same window and view.
 */
export function useAllTripsUrl() {
  const searchParams = useSearchParams();
  const query = searchParams.toString();
  const timeWindow = useMemo(() => readWindow(new URLSearchParams(query)), [query]);
  const view = ALL_TRIPS_VIEWS.find((candidate) => candidate === searchParams.get("view")) ?? "clusters";

  const replace = useCallback(
    (change: { window?: TimeWindow; view?: AllTripsView }) => {
      const params = new URLSearchParams(query);
      if (change.window) {
        for (const name of ["range", "from", "to"]) params.delete(name);
        for (const [name, value] of Object.entries(windowParams(change.window))) params.set(name, value);
      }
      if (change.view === "clusters") params.delete("view");
      else if (change.view) params.set("view", change.view);
      const next = params.toString();
      window.history.replaceState(null, "", next === "" ? location.pathname : `?${next}`);
    },
    [query],
  );

  const setWindow = useCallback((next: TimeWindow) => replace({ window: next }), [replace]);
  const setView = useCallback((next: AllTripsView) => replace({ view: next }), [replace]);
  return { timeWindow, view, setWindow, setView };
}
