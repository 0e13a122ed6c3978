"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import { Fragment } from "react";
import { formatClockTime } from "@/lib/format/time";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { CacheBadge, StatusBadge } from "./activity-badges";
import type { ActivityEntry } from "@/lib/models";
import { SERVICE_LABELS } from "@/lib/protocol";
import { ActivityDetail } from "./activity-detail";
import { PathText } from "./path-text";

const COLUMNS = [
  "Time",
  "Service",
  "Method",
  "Path",
  "Status",
  "Duration",
  "Attempts",
  "Credits",
  "Cache",
  "Error",
  "",
];

/** A cell's label where the rows are cards (below `md`): the column headings are hidden there. */
function CellLabel({ children }: { children: React.ReactNode }) {
  return <span className="mr-1.5 text-xs text-muted-foreground md:hidden">{children}</span>;
}

/**
 * The calls, one row each, newest first; "Details" opens a call's request, response and cURL beneath its row. Below
 * `md` the rows are stacked cards (the same DOM, headings hidden, each value labelled), as on the tokens page.
 */
export function ActivityTable({
  records,
  hydrated,
  openId,
  onToggle,
}: {
  records: ActivityEntry[];
  hydrated: boolean;
  openId: string | null;
  onToggle: (id: string) => void;
}) {
  const { format: formatDateTime } = useTimeFormat();
  return (
    <div className="rounded-lg border border-border bg-card md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table" data-testid="activity-table">
        <thead className="hidden border-b border-border text-xs text-muted-foreground md:table-header-group">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column || "actions"} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {records.map((record) => {
            const open = openId === record.id;
            return (
              <Fragment key={record.id}>
                <tr
                  data-testid="activity-row"
                  data-call-id={record.id}
                  data-service={record.service}
                  data-method={record.method}
                  data-path={record.path}
                  data-status={record.status ?? ""}
                  data-cache={record.cache}
                  data-token-id={record.tokenId ?? record.forTokenId ?? ""}
                  // A card below md: time, service and method on the first line, the path on its own, then the facts.
                  className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-border px-3 py-2.5 last:border-0 md:table-row md:p-0 md:align-top"
                >
                  <td
                    className="whitespace-nowrap tabular-nums md:px-3 md:py-2"
                    title={hydrated ? formatDateTime(record.at) : record.at}
                  >
                    {hydrated ? formatClockTime(record.at) : ""}
                  </td>
                  <td className="whitespace-nowrap md:px-3 md:py-2">{SERVICE_LABELS[record.service]}</td>
                  <td className="font-mono text-xs md:px-3 md:py-2">{record.method}</td>
                  <td
                    className="w-full min-w-0 font-mono text-xs md:w-auto md:max-w-[22rem] md:min-w-[12rem] md:px-3 md:py-2"
                    title={record.url}
                  >
                    <PathText path={record.path} />
                  </td>
                  <td className="md:px-3 md:py-2">
                    <StatusBadge record={record} />
                  </td>
                  <td className="whitespace-nowrap tabular-nums md:px-3 md:py-2 md:text-right">
                    {record.durationMs} ms
                  </td>
                  <td className="tabular-nums md:px-3 md:py-2 md:text-right">
                    <CellLabel>Attempts</CellLabel>
                    {record.attempts}
                  </td>
                  <td
                    className="tabular-nums md:px-3 md:py-2 md:text-right"
                    data-testid="activity-credits"
                    title="DIMO credits this call cost: 1 per Telemetry API query per vehicle, 0 for the other services"
                  >
                    <CellLabel>Credits</CellLabel>
                    {record.credits ?? 0}
                  </td>
                  <td className="md:px-3 md:py-2">
                    <CacheBadge cache={record.cache} />
                  </td>
                  <td
                    className={
                      record.error
                        ? "w-full text-xs text-danger [overflow-wrap:anywhere] md:w-auto md:max-w-[18rem] md:px-3 md:py-2"
                        : "hidden text-xs text-danger md:table-cell md:max-w-[18rem] md:px-3 md:py-2"
                    }
                    data-testid="activity-error"
                  >
                    {record.error ?? ""}
                  </td>
                  <td className="ml-auto md:ml-0 md:px-3 md:py-2">
                    <button
                      type="button"
                      aria-expanded={open}
                      data-testid="toggle-details"
                      onClick={() => onToggle(record.id)}
                      className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground"
                    >
                      {open ? (
                        <ChevronDown className="size-3.5" aria-hidden />
                      ) : (
                        <ChevronRight className="size-3.5" aria-hidden />
                      )}
                      Details
                    </button>
                  </td>
                </tr>
                {open ? (
                  <tr className="block border-b border-border bg-muted/40 md:table-row">
                    <td colSpan={COLUMNS.length} className="block min-w-0 px-3 py-3 md:table-cell">
                      <ActivityDetail record={record} hydrated={hydrated} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
