"use client";

import { ChevronDown, ChevronRight, Terminal } from "lucide-react";
import { Fragment, useState } from "react";
import { formatClockTime, formatDateTime } from "@/lib/format/time";
import { CacheBadge, StatusBadge } from "./activity-badges";
import type { ActivityEntry } from "@/lib/models";
import { SERVICE_LABELS } from "@/lib/protocol";
import { CurlPanel } from "./curl-panel";

const COLUMNS = ["Time", "Service", "Method", "Path", "Status", "Duration", "Attempts", "Cache", "Error", ""];

/** The calls, one row each, newest first; "cURL" opens the command of a call beneath its row. */
export function ActivityTable({ records, hydrated }: { records: ActivityEntry[]; hydrated: boolean }) {
  const [openId, setOpenId] = useState<string | null>(null);
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
                  <td className="max-w-[22rem] px-3 py-2 font-mono text-xs break-all" title={record.url}>
                    {record.path}
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
                      data-testid="toggle-curl"
                      onClick={() => setOpenId(open ? null : record.id)}
                      className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground"
                    >
                      {open ? <ChevronDown className="size-3.5" aria-hidden /> : <ChevronRight className="size-3.5" aria-hidden />}
                      <Terminal className="size-3.5" aria-hidden />
                      cURL
                    </button>
                  </td>
                </tr>
                {open ? (
                  <tr className="border-b border-border bg-muted/40">
                    <td colSpan={COLUMNS.length} className="px-3 py-3">
                      <CurlPanel record={record} />
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
