"use client";

import Link from "next/link";
import { formatRelativeTime } from "@/lib/format/signals";
import { useNow } from "@/lib/hooks/use-now";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { signalName } from "@/lib/signals/catalog";
import { formatSignal } from "@/lib/signals/format";
import { type SignalGroupRows, type SignalRow } from "@/lib/signals/vehicle-signals";

/** The signal groups as tables: a row per signal with its value in its unit and how long ago it was recorded. */

const MISSING_WORDS: Record<NonNullable<SignalRow["missing"]>, string> = {
  privilege: "not read: the grant does not allow it",
  unknown: "not shown by the dashboard",
  refused: "refused by DIMO's telemetry service",
  "no-value": "no value",
};

export function SignalGroupList({
  groups,
  rawEventsHref,
}: {
  groups: readonly SignalGroupRows[];
  /** The Raw data tab's events around a reading's time; no link when absent. */
  rawEventsHref?: (timestamp: string) => string;
}) {
  // One clock for every row, so a hundred rows re-render together and not every second.
  const now = useNow(15_000);
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid="signal-groups">
      {groups.map(({ group, rows }) => (
        <section
          key={group.id}
          className="rounded-md border border-border"
          data-testid="signal-group"
          data-group={group.id}
          data-count={rows.length}
        >
          <header className="border-b border-border bg-muted/40 px-3 py-2">
            <h3 id={`signal-group-${group.id}`} className="text-sm font-semibold">
              {group.label} <span className="font-normal text-muted-foreground">({rows.length})</span>
            </h3>
            <p className="text-xs text-muted-foreground">{group.description}</p>
          </header>
          {/* Focusable, so a table wider than a narrow screen can be scrolled with the keyboard. */}
          <div
            tabIndex={0}
            role="region"
            aria-label={`${group.label} signals`}
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {group.label}: each signal&apos;s latest value and when it was recorded
              </caption>
              <thead>
                <tr className="border-b border-border text-xs text-muted-foreground">
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    Signal
                  </th>
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    Value
                  </th>
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    Recorded
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <SignalTableRow key={row.name} row={row} now={now} rawEventsHref={rawEventsHref} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

function SignalTableRow({
  row,
  now,
  rawEventsHref,
}: {
  row: SignalRow;
  now: number;
  rawEventsHref?: (timestamp: string) => string;
}) {
  const { format: formatDateTime } = useTimeFormat();
  const { name, value } = row;
  return (
    <tr
      className="border-b border-border last:border-b-0"
      data-testid="signal-row"
      data-signal={name}
      data-value={value ? JSON.stringify(value.value) : ""}
      data-missing={row.missing ?? ""}
    >
      <th scope="row" className="px-3 py-1.5 font-normal">
        {signalName(name)}
        <span className="block font-mono text-xs break-all text-muted-foreground">{name}</span>
      </th>
      <td className="px-3 py-1.5 tabular-nums">
        {value ? (
          formatSignal(name, value.value)
        ) : (
          <span className="text-muted-foreground">{MISSING_WORDS[row.missing ?? "no-value"]}</span>
        )}
      </td>
      <td className="px-3 py-1.5 whitespace-nowrap">
        {value ? (
          <time dateTime={value.timestamp} title={formatDateTime(value.timestamp)}>
            {formatRelativeTime(value.timestamp, now)}
          </time>
        ) : null}
        {value && rawEventsHref ? (
          <Link
            href={rawEventsHref(value.timestamp)}
            className="ml-2 text-xs text-muted-foreground underline-offset-2 hover:underline"
            aria-label={`Raw events around this ${signalName(name)} reading`}
            data-testid="signal-raw-link"
          >
            raw events
          </Link>
        ) : null}
      </td>
    </tr>
  );
}
