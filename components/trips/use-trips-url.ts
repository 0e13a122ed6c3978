"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * The trips page's state in the URL: `?page=3&trip=<id>&at=<seconds into the trip's replay>`. Changes go through history.pushState (page: back and
 * forward walk the pages) and replaceState (selection), which Next.js folds into its router, so the page reads them
 * through useSearchParams without a server round trip; the data comes from react-query.
 */

/** Whole seconds into the replay; anything else is no position. */
function readSeconds(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return null;
  return Number(raw);
}

function readPage(raw: string | null): number {
  if (raw === null || !/^\d{1,16}$/.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function useTripsUrl() {
  const searchParams = useSearchParams();
  const page = readPage(searchParams.get("page"));
  const tripId = searchParams.get("trip");
  const at = readSeconds(searchParams.get("at"));

  const hrefFor = useCallback(
    (change: { page?: number; trip?: string | null; at?: number | null }) => {
      const params = new URLSearchParams(searchParams.toString());
      if (change.page !== undefined) params.set("page", String(change.page));
      // Another trip (or none) starts its replay from the beginning.
      if (change.trip !== undefined) params.delete("at");
      if (change.trip === null) params.delete("trip");
      else if (change.trip !== undefined) params.set("trip", change.trip);
      if (change.at === null) params.delete("at");
      else if (change.at !== undefined) params.set("at", String(Math.max(0, Math.round(change.at))));
      return `?${params.toString()}`;
    },
    [searchParams],
  );

  const goToPage = useCallback(
    (next: number) => {
      if (next === page) return;
      window.history.pushState(null, "", hrefFor({ page: next, trip: null }));
    },
    [hrefFor, page],
  );

  /** Another page with a trip of it selected (or none): the date jump's landing, a step in the history like a page. */
  const goToTrip = useCallback(
    (next: number, trip: string | null) => {
      if (next === page && trip === tripId) return;
      window.history.pushState(null, "", hrefFor({ page: next, trip }));
    },
    [hrefFor, page, tripId],
  );

  const selectTrip = useCallback(
    (id: string | null) => {
      if (id === tripId) return;
      window.history.replaceState(null, "", hrefFor({ trip: id }));
    },
    [hrefFor, tripId],
  );

  const setReplayAt = useCallback(
    (seconds: number | null) => {
      const rounded = seconds === null ? null : Math.max(0, Math.round(seconds));
      if (rounded === at) return;
      window.history.replaceState(null, "", hrefFor({ at: rounded }));
    },
    [hrefFor, at],
  );

  return { page, tripId, at, hrefFor, goToPage, goToTrip, selectTrip, setReplayAt };
}
