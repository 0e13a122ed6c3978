"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { ALL_TRIPS_VIEWS, type AllTripsView } from "@/components/map/all-trips-views";
import { type TimeWindow, readWindow, windowParams } from "./time-window";

/**
 * The all-trips page's state in the URL: the time window (`range`, `from`, `to`, see time-window.ts) and the view
 * (`view=density` or `view=lines`; clusters when absent). Changes replace the history entry, as a filter does, and Next.js folds
 * them into its router, so a reload or a shared link opens the same window and view. The page follows a change at
 * once, in the click's own render: the router takes it up in a transition, a render later, and the map would wait
 * for it.
 */
export function useAllTripsUrl() {
  const searchParams = useSearchParams();
  const routerQuery = searchParams.toString();
  /** The query written last, and the router's when it was written: it leads until the router's changes. */
  const [written, setWritten] = useState<{ query: string; over: string } | null>(null);
  const query = written && written.over === routerQuery ? written.query : routerQuery;
  const timeWindow = useMemo(() => readWindow(new URLSearchParams(query)), [query]);
  const view = useMemo(
    () => ALL_TRIPS_VIEWS.find((candidate) => candidate === new URLSearchParams(query).get("view")) ?? "clusters",
    [query],
  );

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
      setWritten({ query: next, over: routerQuery });
      window.history.replaceState(null, "", next === "" ? location.pathname : `?${next}`);
    },
    [query, routerQuery],
  );

  const setWindow = useCallback((next: TimeWindow) => replace({ window: next }), [replace]);
  const setView = useCallback((next: AllTripsView) => replace({ view: next }), [replace]);
  return { timeWindow, view, setWindow, setView };
}
