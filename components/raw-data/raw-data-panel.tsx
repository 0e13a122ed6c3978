"use client";

import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { useHydrated } from "@/lib/hooks/use-now";
import { Skeleton } from "@/components/ui/skeleton";
import { RAW_EXPORT_MAX_EVENTS } from "@/lib/models/raw-data";
import { toAppError } from "@/lib/result";
import { EventList } from "./event-list";
import { RawFilters } from "./raw-filters";
import { rawEventsQuery, rawExportUrl, rawTypesQuery } from "./raw-data-queries";
import { type RawDataView, rawDataHref, rawDataQuery } from "./raw-data-view";
import { TypeSummary } from "./type-summary";

/**
 * The Raw data tab's client half: the vehicle's event types, the filter, a page of events (newest first, paged by
 * time) whose rows open to their header and payload, and the download of the filter's range as NDJSON.
 */

function TypesCard({ tokenId, view }: { tokenId: number; view: RawDataView }) {
  const types = useQuery(rawTypesQuery(tokenId));
  return (
    <Card data-testid="raw-types-card">
      <CardHeader
        title="Event types"
        description="What DIMO keeps of the vehicle: every cloud event its devices and connections sent, by type."
      />
      <div className="p-5">
        {types.data ? (
          <TypeSummary tokenId={tokenId} types={types.data} view={view} />
        ) : types.error ? (
          <ErrorNotice
            error={toAppError(types.error)}
            feature="rawData"
            title="The event types could not be read."
            onRetry={() => void types.refetch()}
            retrying={types.isFetching}
            testId="raw-types-error"
          />
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </div>
    </Card>
  );
}

function EventsBody({ tokenId, view }: { tokenId: number; view: RawDataView }) {
  const page = useQuery(rawEventsQuery(tokenId, view));
  if (page.error && !page.data) {
    return (
      <ErrorNotice
        error={toAppError(page.error)}
        feature="rawData"
        title="The events could not be read."
        onRetry={() => void page.refetch()}
        retrying={page.isFetching}
        testId="raw-events-error"
      />
    );
  }
  if (!page.data) return <Skeleton className="h-64 w-full" />;
  const { events, next } = page.data;
  return (
    <div
      className="flex flex-col gap-3"
      data-testid="raw-events-page"
      data-count={events.length}
      aria-busy={page.isPlaceholderData}
    >
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="raw-events-empty">
          No event matches the filter{view.before ? " before this page" : ""}.
        </p>
      ) : (
        <EventList tokenId={tokenId} events={events} />
      )}
      <nav aria-label="Pages of events" className="flex flex-wrap items-center gap-2">
        {view.before ? (
          <Link href={rawDataHref(tokenId, { filter: view.filter })} className={buttonClasses("secondary", "sm")}>
            Newest
          </Link>
        ) : null}
        {next ? (
          <Link
            href={rawDataHref(tokenId, { filter: view.filter, before: next })}
            className={buttonClasses("secondary", "sm")}
            data-testid="raw-events-older"
          >
            Older events
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export function RawDataPanel({ tokenId, view }: { tokenId: number; view: RawDataView }) {
  const types = useQuery(rawTypesQuery(tokenId));
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-6" data-testid="raw-data-panel" data-hydrated={hydrated}>
      <TypesCard tokenId={tokenId} view={view} />
      <Card data-testid="raw-events-card">
        <CardHeader
          title="Events"
          description="Newest first, with each event's header and payload as DIMO's Fetch API serves them."
          actions={
            <a
              href={rawExportUrl(tokenId, view)}
              download
              className={buttonClasses("secondary", "sm")}
              data-testid="raw-export"
              title={`Every event of the filter, newest first, up to ${RAW_EXPORT_MAX_EVENTS.toLocaleString("en")}`}
            >
              <Download className="size-3.5" aria-hidden />
              Download as NDJSON
            </a>
          }
        />
        <div className="flex flex-col gap-4 p-5">
          <RawFilters
            key={rawDataQuery({ filter: view.filter })}
            tokenId={tokenId}
            filter={view.filter}
            types={types.data ?? []}
          />
          <EventsBody tokenId={tokenId} view={view} />
        </div>
      </Card>
    </div>
  );
}
