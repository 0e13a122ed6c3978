"use client";

import Link from "next/link";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { RAW_TYPE_LABELS, type RawEventTypeSummary } from "@/lib/models/raw-data";
import { type RawDataView, rawDataHref } from "./raw-data-view";

/** The vehicle's event types, each with its count and first and last times, and a link that lists only that type. */
export function TypeSummary({
  tokenId,
  types,
  view,
}: {
  tokenId: number;
  types: readonly RawEventTypeSummary[];
  view: RawDataView;
}) {
  const { format } = useTimeFormat();
  if (types.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="raw-types-empty">
        DIMO keeps no events of this vehicle yet.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="raw-types">
        <caption className="sr-only">The vehicle&apos;s event types, with how many there are and when</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Events
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              First
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Last
            </th>
          </tr>
        </thead>
        <tbody>
          {types.map((summary) => (
            <tr
              key={summary.type}
              className="border-b border-border last:border-b-0"
              data-testid="raw-type"
              data-type={summary.type}
              data-count={summary.count}
            >
              <th scope="row" className="py-1.5 pr-3 font-normal">
                <Link
                  href={rawDataHref(tokenId, { filter: { ...view.filter, type: summary.type } })}
                  className="underline-offset-2 hover:underline"
                  aria-current={view.filter.type === summary.type ? "true" : undefined}
                >
                  {RAW_TYPE_LABELS[summary.type] ?? summary.type}
                </Link>
                <span className="block font-mono text-xs text-muted-foreground">{summary.type}</span>
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{summary.count.toLocaleString("en")}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                <time dateTime={summary.firstSeen}>{format(summary.firstSeen)}</time>
              </td>
              <td className="py-1.5 whitespace-nowrap">
                <time dateTime={summary.lastSeen}>{format(summary.lastSeen)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
