"use client";

import { Layers } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format/numbers";
import { formatDuration } from "@/lib/format/time";
import { useHydrated } from "@/lib/hooks/use-now";
import { DIMO_RATE_LIMITS, TRIPS_PAGE_SIZE } from "@/lib/protocol";
import type { TimeWindow } from "./time-window";

/** How long reading `pages` pages takes at DIMO's trips rate limit (one request a page), at the least. */
function allPagesTimeMs(pages: number): number {
  return Math.ceil((pages / (DIMO_RATE_LIMITS.trips ?? 9)) * 1000);
}

/** What loading every page would cost, in words: "1,000 requests, about 1 min 51 s". */
export function allPagesCost(pages: number): string {
  return `${formatNumber(pages)} request${pages === 1 ? "" : "s"}, about ${formatDuration(allPagesTimeMs(pages))}`;
}

/**
 * Said before the all-trips map reads a long history: how many requests every trip takes and about how long at
 * DIMO's trips rate limit (during which the dashboard's other trips requests wait their turn), and the cheaper way:
 * a time window reads only the pages down to its start.
 */
export function AllTripsWarning({
  totalPages,
  onLoadAll,
  onWindow,
}: {
  totalPages: number;
  onLoadAll: () => void;
  onWindow: (window: TimeWindow) => void;
}) {
  const rate = DIMO_RATE_LIMITS.trips ?? 9;
  // The page renders this on the server: until hydrated a click would do nothing and be lost.
  const ready = useHydrated();
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
      aria-labelledby="all-trips-warning-title"
      data-testid="all-trips-warning"
      data-requests={totalPages}
      data-seconds={Math.round(allPagesTimeMs(totalPages) / 1000)}
    >
      <h2 id="all-trips-warning-title" className="font-semibold">
        This vehicle has about {formatNumber(totalPages * TRIPS_PAGE_SIZE)} trips on {formatNumber(totalPages)} pages
      </h2>
      <p>
        Loading all of them takes <strong data-testid="all-trips-warning-cost">{allPagesCost(totalPages)}</strong> at
        DIMO&apos;s limit of {rate} trips requests a second; meanwhile the dashboard&apos;s other trips requests wait
        their turn. A time window reads only the pages back to its start:
      </p>
      <p className="text-muted-foreground" data-testid="all-trips-warning-credits" data-credits={0}>
        It costs no DIMO credits: the Trips API is free. Trips from telemetry segments cost 1 credit a page, so{" "}
        {formatNumber(totalPages)} pages of them would cost {formatNumber(totalPages)} credits.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          size="sm"
          disabled={!ready}
          onClick={() => onWindow({ kind: "7d" })}
          data-testid="all-trips-warning-7d"
        >
          Last 7 days
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!ready}
          onClick={() => onWindow({ kind: "30d" })}
          data-testid="all-trips-warning-30d"
        >
          Last 30 days
        </Button>
        <span className="text-muted-foreground">or a custom range below, or</span>
        <Button variant="secondary" size="sm" disabled={!ready} onClick={onLoadAll} data-testid="all-trips-load-all">
          <Layers className="size-4" aria-hidden />
          Load all {formatNumber(totalPages)} pages
        </Button>
      </div>
    </section>
  );
}
