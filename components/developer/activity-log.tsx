"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/ui/empty-state";
import { useHydrated } from "@/lib/hooks/use-now";
import { ActivityFilterBar, useActivityFilters } from "./activity-filters";
import { ACTIVITY_LIMIT, ACTIVITY_PAGE_SIZE, foldedCacheHits, matchesFilters } from "@/lib/activity-filters";
import type { ActivityEntry } from "@/lib/models";
import { ActivityDetail } from "./activity-detail";
import { ActivityPager } from "./activity-pager";
import { ActivityTable } from "./activity-table";
import { FoldedHits } from "./folded-hits";
import { LiveIndicator } from "./live-indicator";
import { useActivityStream } from "./use-activity-stream";

/**
 * The last 500 upstream calls of this server, newest first, filtered and searched by the URL, a page at a time,
 * updating while open. Cache hits are folded into a count unless asked for; `?call=<id>` opens one call's details
 * (where an error on another page links to).
 */
export function ActivityLog() {
  const [filters, setFilter] = useActivityFilters();
  const { records, loaded, status } = useActivityStream();
  const hydrated = useHydrated();
  const [openId, setOpenId] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const shown = records.filter((record) => matchesFilters(record, filters));
  const folded = foldedCacheHits(records, filters);
  const filtered = filters.service !== null || filters.status !== null || filters.cache !== null || filters.q !== "";
  const pages = Math.max(1, Math.ceil(shown.length / ACTIVITY_PAGE_SIZE));
  // New filters or fewer rows can leave the page past the end: show the last one instead.
  const current = Math.min(page, pages - 1);
  const onFilter = (name: Parameters<typeof setFilter>[0], value: string) => {
    setPage(0);
    setFilter(name, value);
  };

  return (
    <section className="flex flex-col gap-4" aria-label="API activity" data-testid="activity-log" data-loaded={loaded}>
      <LinkedCall records={records} loaded={loaded} hydrated={hydrated} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ActivityFilterBar filters={filters} onChange={onFilter} />
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <span data-testid="activity-count">
            {loaded ? `${shown.length} of ${records.length} calls` : "Loading…"}
            {loaded && records.length >= ACTIVITY_LIMIT ? ` (the last ${ACTIVITY_LIMIT})` : ""}
          </span>
          <LiveIndicator status={status} />
        </div>
      </div>
      {loaded ? <FoldedHits count={folded} onShow={() => onFilter("cache", "all")} /> : null}
      {!loaded ? (
        <div className="flex flex-col gap-2" aria-hidden>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-9 w-full" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          title={filtered ? "No calls match these filters" : folded > 0 ? "No network calls yet" : "No calls yet"}
        >
          {filtered || folded > 0
            ? "Change or clear the filters; new calls appear here as they happen."
            : "Open a vehicle's trips or value page: every call this server makes to DIMO shows up here as it happens."}
        </EmptyState>
      ) : (
        <>
          <ActivityTable
            records={shown.slice(current * ACTIVITY_PAGE_SIZE, (current + 1) * ACTIVITY_PAGE_SIZE)}
            hydrated={hydrated}
            openId={openId}
            onToggle={(id) => setOpenId((open) => (open === id ? null : id))}
          />
          <ActivityPager page={current} size={ACTIVITY_PAGE_SIZE} total={shown.length} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The call an error linked to (`?call=<id>`), above the log whatever its filters, or word that the log let it go. */
function LinkedCall({ records, loaded, hydrated }: { records: ActivityEntry[]; loaded: boolean; hydrated: boolean }) {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const callId = searchParams.get("call");
  if (callId === null || !loaded) return null;
  const record = records.find((entry) => entry.id === callId);
  const rest = new URLSearchParams(searchParams.toString());
  rest.delete("call");
  const closeHref = rest.size > 0 ? `${pathname}?${rest.toString()}` : pathname;
  return (
    <section
      className="rounded-lg border border-border bg-card p-4"
      aria-label="The linked call"
      data-testid="linked-call"
      data-found={record !== undefined}
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 className="font-semibold">{record?.error ? "The call that failed" : "The linked call"}</h2>
        <Link href={closeHref} scroll={false} aria-label="Close the linked call" className="rounded p-1 hover:bg-muted">
          <X className="size-4" aria-hidden />
        </Link>
      </div>
      {record ? (
        <ActivityDetail record={record} hydrated={hydrated} />
      ) : (
        <p className="text-sm text-muted-foreground">
          This call is no longer in the log: it keeps the last {ACTIVITY_LIMIT} calls of this server.
        </p>
      )}
    </section>
  );
}
