"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatSignalValue, signalLabel } from "@/lib/format/signals";
import { catalogSignal, unitSymbol } from "@/lib/signals/catalog";
import { isZeroBased } from "@/lib/signals/history-series";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { useHydrated } from "@/lib/hooks/use-now";
import { type SignalHistory } from "@/lib/models";
import { toAppError } from "@/lib/result";
import {
  HISTORY_WINDOWS,
  type HistoryWindowId,
  aggregationFor,
  describeAggregation,
  historyWindow,
} from "@/lib/telemetry-history";
import { type SignalName } from "@/lib/telemetry-signals";
import { tripsPageQuery } from "@/components/trips/trips-queries";
import { HistoryChartUplotLazy } from "./history-chart-uplot-lazy";
import { historyQuery } from "./telemetry-queries";

/** The panel's title and description, shared with its placeholder and with the note a grant without it gets. */
export const HISTORY_HEADING = {
  title: "Signal history",
  description: "One signal over time, from DIMO's Telemetry API.",
};

const INTERVAL_MS: Record<string, number> = { "5m": 300_000, "1h": 3_600_000, "6h": 21_600_000 };

function Summary({ history }: { history: SignalHistory }) {
  const values = history.points.map((point) => point.value);
  const last = history.points.at(-1);
  const format = (value: number) => formatSignalValue(history.signal, value);
  return (
    <dl className="grid grid-cols-3 gap-3 text-sm" data-testid="history-summary">
      <div>
        <dt className="text-muted-foreground">Lowest</dt>
        <dd className="font-medium tabular-nums" data-testid="history-min">
          {format(Math.min(...values))}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Highest</dt>
        <dd className="font-medium tabular-nums" data-testid="history-max">
          {format(Math.max(...values))}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Latest bucket</dt>
        <dd className="font-medium tabular-nums" data-testid="history-last">
          {last ? format(last.value) : "none"}
        </dd>
      </div>
    </dl>
  );
}

function HistoryTable({ history }: { history: SignalHistory }) {
  const { format: formatDateTime } = useTimeFormat();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
        Show the values as a table
      </summary>
      {/* Focusable, so the rows that scroll can be reached with the keyboard. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`${signalLabel(history.signal)} values`}
        className="mt-2 max-h-72 overflow-y-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-primary"
      >
        <table className="w-full text-left" data-testid="history-table">
          <caption className="sr-only">{signalLabel(history.signal)}, one row per bucket</caption>
          <thead className="sticky top-0 bg-card">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Bucket start
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {history.points.map((point) => (
              <tr key={point.timestamp} className="border-t border-border">
                <td className="px-3 py-1">{formatDateTime(point.timestamp)}</td>
                <td className="px-3 py-1 tabular-nums">{formatSignalValue(history.signal, point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** One chosen signal over the last 24 hours, 7 days or 30 days, drawn, summed up in words and as a table. */
export function HistoryPanel({ tokenId, signals }: { tokenId: number; signals: readonly SignalName[] }) {
  const { format: formatDateTime } = useTimeFormat();
  const [signal, setSignal] = useState<SignalName | undefined>(signals.includes("speed") ? "speed" : signals[0]);
  const [windowId, setWindowId] = useState<HistoryWindowId>("24h");
  const hydrated = useHydrated();
  const selectId = useId();
  const window = historyWindow(windowId);
  const query = useQuery({
    ...historyQuery(tokenId, signal ?? "", windowId),
    enabled: signal !== undefined,
    placeholderData: keepPreviousData,
  });
  const history = query.data;
  const settled = history !== undefined && !query.isPlaceholderData;
  // The newest trips, to mark on the time axis; a grant without trips simply marks none.
  const recentTrips = useQuery({ ...tripsPageQuery(tokenId, 1), retry: false, staleTime: 5 * 60_000 });
  const tripMarks = useMemo(
    () => (recentTrips.data?.trips ?? []).map((trip) => ({ id: trip.id, start: trip.start.time, end: trip.end.time })),
    [recentTrips.data],
  );

  let body: React.ReactNode;
  if (signal === undefined) {
    body = (
      <EmptyState title="No signal to chart">
        This vehicle has sent no numeric signal the grant lets the dashboard read.
      </EmptyState>
    );
  } else if (query.isError && !history) {
    body = (
      <ErrorNotice
        error={toAppError(query.error)}
        title="The history could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="history-error"
      />
    );
  } else if (!history || !hydrated) {
    body = <Skeleton className="aspect-[640/220] w-full" />;
  } else if (history.points.length === 0) {
    body = (
      <EmptyState title={`No ${signalLabel(history.signal).toLowerCase()} data in this window`}>
        The vehicle sent no {signalLabel(history.signal).toLowerCase()} values over the {window.label.toLowerCase()}.
        Try a longer window.
      </EmptyState>
    );
  } else {
    const format = (value: number) => formatSignalValue(history.signal, value);
    body = (
      <div className="flex flex-col gap-4">
        <figure
          className="flex flex-col gap-2"
          aria-labelledby={`${selectId}-caption`}
          data-testid="history-figure"
          data-signal={history.signal}
          data-window={windowId}
        >
          <HistoryChartUplotLazy
            points={history.points}
            intervalMs={INTERVAL_MS[history.interval] ?? 300_000}
            from={history.from}
            to={history.to}
            label={signalLabel(history.signal)}
            unit={unitSymbol(catalogSignal(history.signal)?.unit ?? "")}
            zeroBased={isZeroBased(history.signal)}
            formatValue={format}
            formatTime={formatDateTime}
            trips={tripMarks}
          />
          <figcaption
            id={`${selectId}-caption`}
            className="text-sm text-muted-foreground"
            data-testid="history-caption"
          >
            {signalLabel(history.signal)} over the {window.label.toLowerCase()}:{" "}
            {describeAggregation(aggregationFor(signal), window.intervalWords)} ({history.points.length} buckets with
            data, interval {history.interval}, aggregation {history.aggregation}). Each bucket is drawn across its
            interval and hours without data are left blank; the shaded spans are the vehicle&apos;s trips.
          </figcaption>
        </figure>
        <Summary history={history} />
        <HistoryTable history={history} />
      </div>
    );
  }

  return (
    <Card data-testid="history-panel" data-state={settled ? "ready" : "loading"} data-hydrated={hydrated}>
      <CardHeader title={HISTORY_HEADING.title} description={HISTORY_HEADING.description} />
      <div className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium">
              Signal
            </label>
            <select
              id={selectId}
              value={signal ?? ""}
              onChange={(event) => setSignal(event.target.value as SignalName)}
              disabled={signals.length === 0}
              data-testid="history-signal"
              className="h-9 rounded-md border border-border bg-card px-2 text-sm"
            >
              {signals.map((name) => (
                <option key={name} value={name}>
                  {signalLabel(name)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">Window</legend>
            <div className="flex overflow-hidden rounded-md border border-border">
              {HISTORY_WINDOWS.map((option) => (
                <label
                  key={option.id}
                  className="cursor-pointer border-r border-border px-3 py-1.5 text-sm last:border-r-0 has-checked:bg-primary/10 has-checked:font-medium has-checked:text-primary has-focus-visible:outline-2 has-focus-visible:outline-primary"
                >
                  <input
                    type="radio"
                    name={`${selectId}-window`}
                    value={option.id}
                    checked={windowId === option.id}
                    onChange={() => setWindowId(option.id)}
                    className="sr-only"
                    data-testid={`history-window-${option.id}`}
                  />
                  {option.label.replace("Last ", "")}
                </label>
              ))}
            </div>
          </fieldset>
          {query.isFetching ? (
            <Loader2 className="mb-2 size-4 animate-spin text-muted-foreground" aria-label="Loading" />
          ) : null}
        </div>
        {body}
      </div>
    </Card>
  );
}
