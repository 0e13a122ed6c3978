"use client";

import { formatRelativeTime, formatSignalValue, signalLabel } from "@/lib/format/signals";
import { formatNumber } from "@/lib/format/numbers";
import { useNow } from "@/lib/hooks/use-now";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type SignalValue, type TelemetryDataSummary, type VinCredential } from "@/lib/models";
import { signalInfo } from "@/lib/telemetry-signals";

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

/** Every signal the vehicle has sent, with its latest value and time where the grant lets the dashboard read it. */
export function SignalsTable({ available, values }: { available: readonly string[]; values: readonly SignalValue[] }) {
  const { format: formatDateTime } = useTimeFormat();
  const byName = new Map(values.map((value) => [value.name, value]));
  // The service's list, not the values read: derived fields (the approximate location) are not signals it stores.
  const names = [...available].sort((a, b) => signalLabel(a).localeCompare(signalLabel(b)));
  return (
    // Focusable, so a table wider than a narrow screen can be scrolled with the keyboard.
    <div
      tabIndex={0}
      role="region"
      aria-label="Signals"
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className="w-full text-left text-sm" data-testid="signals-table">
        <caption className="sr-only">The vehicle&apos;s signals with their latest values</caption>
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Signal
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Latest value
            </th>
            <th scope="col" className="py-2 font-medium">
              Recorded
            </th>
          </tr>
        </thead>
        <tbody>
          {names.map((name) => {
            const value = byName.get(name);
            return (
              <tr
                key={name}
                className="border-b border-border last:border-b-0"
                data-testid="signal-row"
                data-signal={name}
                data-value={value ? JSON.stringify(value.value) : ""}
              >
                <th scope="row" className="py-2 pr-3 font-normal">
                  {signalLabel(name)}
                  <span className="block font-mono text-xs break-all text-muted-foreground">{name}</span>
                </th>
                <td className="py-2 pr-3 tabular-nums">
                  {value ? (
                    formatSignalValue(name, value.value)
                  ) : (
                    <span className="text-muted-foreground">
                      {signalInfo(name) ? "not read: the grant does not allow it" : "not shown by the dashboard"}
                    </span>
                  )}
                </td>
                <td className="py-2">{value ? formatDateTime(value.timestamp) : ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
