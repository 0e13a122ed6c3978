"use client";

import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/ui/empty-state";
import { useHydrated } from "@/lib/hooks/use-now";
import { ActivityFilterBar, useActivityFilters } from "./activity-filters";
import { ACTIVITY_LIMIT, matchesFilters } from "@/lib/activity-filters";
import { ActivityTable } from "./activity-table";
import { LiveIndicator } from "./live-indicator";
import { useActivityStream } from "./use-activity-stream";

/** The last 500 upstream calls of this server, newest first, filtered by the URL, updating while open. */
export function ActivityLog() {
  const [filters, setFilter] = useActivityFilters();
  const { records, loaded, status } = useActivityStream();
  const hydrated = useHydrated();
  const shown = records.filter((record) => matchesFilters(record, filters));
  const filtered = filters.service !== null || filters.status !== null || filters.cache !== null;

  return (
    <section className="flex flex-col gap-4" aria-label="API activity" data-testid="activity-log" data-loaded={loaded}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ActivityFilterBar filters={filters} onChange={setFilter} />
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <span data-testid="activity-count">
            {loaded ? `${shown.length} of ${records.length} calls` : "Loading…"}
            {loaded && records.length >= ACTIVITY_LIMIT ? ` (the last ${ACTIVITY_LIMIT})` : ""}
          </span>
          <LiveIndicator status={status} />
        </div>
      </div>
      {!loaded ? (
        <div className="flex flex-col gap-2" aria-hidden>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-9 w-full" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState title={filtered ? "No calls match these filters" : "No calls yet"}>
          {filtered
            ? "Change or clear the filters; new calls appear here as they happen."
            : "Open a vehicle's trips or value page: every call this server makes to DIMO shows up here as it happens."}
        </EmptyState>
      ) : (
        <ActivityTable records={shown} hydrated={hydrated} />
      )}
    </section>
  );
}
