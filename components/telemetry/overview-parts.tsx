"use client";

import { formatRelativeTime, formatSignalValue, signalLabel } from "@/lib/format/signals";
import { formatNumber } from "@/lib/format/numbers";
import { useNow } from "@/lib/hooks/use-now";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type SignalValue, type TelemetryDataSummary, type VinCredential } from "@/lib/models";

/** The Overview's pieces that show values; render them only in the browser (locale, clock). Times name their zone. */

/** "3 minutes ago", kept current every few seconds while the page is open, with the exact time beside it. */
export function LastSeen({ iso, testId = "last-seen" }: { iso: string | null; testId?: string }) {
  const { format: formatDateTime } = useTimeFormat();
  const now = useNow(5_000);
  if (iso === null) return <span data-testid={testId}>never: this vehicle has sent no data</span>;
  return (
    <span data-testid={testId} data-last-seen={iso}>
      <time dateTime={iso} title={formatDateTime(iso)} className="font-medium">
        {formatRelativeTime(iso, now)}
      </time>{" "}
      <span className="text-muted-foreground">({formatDateTime(iso)})</span>
    </span>
  );
}

/** One of the key figures: its label, its value with unit, and when the vehicle recorded it. */
export function Figure({ name, value }: { name: string; value: SignalValue | undefined }) {
  const { format: formatDateTime } = useTimeFormat();
  return (
    <div
      className="rounded-md bg-muted/60 px-4 py-3"
      data-testid={`figure-${name}`}
      data-value={value ? JSON.stringify(value.value) : ""}
    >
      <dt className="text-xs font-medium text-muted-foreground uppercase">{signalLabel(name)}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">
        {value ? formatSignalValue(name, value.value) : "no data"}
      </dd>
      {value ? <dd className="text-xs text-muted-foreground">{formatDateTime(value.timestamp)}</dd> : null}
    </div>
  );
}

export function VinFigure({ vin }: { vin: VinCredential | null }) {
  const { format: formatDateTime } = useTimeFormat();
  return (
    <div className="rounded-md bg-muted/60 px-4 py-3" data-testid="figure-vin" data-value={vin?.vin ?? ""}>
      <dt className="text-xs font-medium text-muted-foreground uppercase">VIN</dt>
      <dd className="mt-1 font-mono text-lg font-semibold break-all">{vin ? vin.vin : "no VIN credential"}</dd>
      {vin?.recordedAt ? (
        <dd className="text-xs text-muted-foreground">From the VIN credential of {formatDateTime(vin.recordedAt)}</dd>
      ) : null}
    </div>
  );
}

export function DataSummaryList({ summary }: { summary: TelemetryDataSummary }) {
  const { format: formatDateTime } = useTimeFormat();
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3" data-testid="data-summary">
      <div>
        <dt className="text-muted-foreground">First seen</dt>
        <dd className="font-medium" data-testid="summary-first-seen" data-iso={summary.firstSeen ?? ""}>
          {summary.firstSeen ? formatDateTime(summary.firstSeen) : "never"}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Last seen</dt>
        <dd className="font-medium" data-testid="summary-last-seen" data-iso={summary.lastSeen ?? ""}>
          {summary.lastSeen ? formatDateTime(summary.lastSeen) : "never"}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Signals recorded</dt>
        <dd className="font-medium tabular-nums" data-testid="summary-count" data-count={summary.numberOfSignals}>
          {formatNumber(summary.numberOfSignals)}
        </dd>
      </div>
    </dl>
  );
}
