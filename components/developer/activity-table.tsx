"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import { Fragment } from "react";
import { formatClockTime, formatDateTime } from "@/lib/format/time";
import { CacheBadge, StatusBadge } from "./activity-badges";
import type { ActivityEntry } from "@/lib/models";
import { SERVICE_LABELS } from "@/lib/protocol";
import { ActivityDetail } from "./activity-detail";
import { PathText } from "./path-text";

const COLUMNS = ["Time", "Service", "Method", "Path", "Status", "Duration", "Attempts", "Cache", "Error", ""];

/** The calls, one row each, newest first; "Details" opens a call's request, response and cURL beneath its row. */
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
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-left text-sm" data-testid="activity-table">
        <thead className="border-b border-border text-xs text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column || "actions"} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
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
                  className="border-b border-border last:border-0 align-top"
                >
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums" title={hydrated ? formatDateTime(record.at) : record.at}>
                    {hydrated ? formatClockTime(record.at) : ""}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{SERVICE_LABELS[record.service]}</td>
                  <td className="px-3 py-2 font-mono text-xs">{record.method}</td>
                  <td className="max-w-[22rem] min-w-[12rem] px-3 py-2 font-mono text-xs" title={record.url}>
                    <PathText path={record.path} />
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge record={record} />
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{record.durationMs} ms</td>
                  <td className="px-3 py-2 text-right tabular-nums">{record.attempts}</td>
                  <td className="px-3 py-2">
                    <CacheBadge cache={record.cache} />
                  </td>
                  <td className="max-w-[18rem] px-3 py-2 text-xs text-danger" data-testid="activity-error">
                    {record.error ?? ""}
                  </td>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      aria-expanded={open}
                      data-testid="toggle-details"
                      onClick={() => onToggle(record.id)}
                      className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground"
                    >
                      {open ? <ChevronDown className="size-3.5" aria-hidden /> : <ChevronRight className="size-3.5" aria-hidden />}
                      Details
                    </button>
                  </td>
                </tr>
                {open ? (
                  <tr className="border-b border-border bg-muted/40">
                    <td colSpan={COLUMNS.length} className="px-3 py-3">
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
