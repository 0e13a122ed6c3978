"use client";

import { Activity, ChevronDown, ChevronRight, X } from "lucide-react";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { ACTIVITY_PAGE_SIZE } from "@/lib/activity-filters";
import { useHydrated } from "@/lib/hooks/use-now";
import { formatClockTime } from "@/lib/format/time";
import { CacheBadge, StatusBadge } from "./activity-badges";
import type { ActivityEntry } from "@/lib/models";
import { SERVICE_LABELS } from "@/lib/protocol";
import { ActivityDetail } from "./activity-detail";
import { FoldedHits } from "./folded-hits";
import { PathText } from "./path-text";
import { LiveIndicator } from "./live-indicator";
import { useActivityStream } from "./use-activity-stream";

/**
 * "API calls": a side drawer with the upstream calls behind one vehicle's pages (its own calls and the shared
 * Developer JWT calls that served them), newest first, live while open; cache hits folded into a count until asked
 * for, and a page of calls at a time. Self-contained: mount it anywhere with the vehicle's token id; it connects only
 * while open.
 */
export function ApiCallsDrawer({ tokenId }: { tokenId: number }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const { records, loaded, status } = useActivityStream({ tokenId, enabled: open });
  const [showHits, setShowHits] = useState(false);
  const [limit, setLimit] = useState(ACTIVITY_PAGE_SIZE);
  const calls = showHits ? records : records.filter((record) => record.cache !== "hit");

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        triggerRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    // Its own row, trigger on the right, wherever it is mounted (a column of sections or a row of buttons).
    <div className="flex justify-end">
      <button
        type="button"
        ref={triggerRef}
        className={buttonClasses("ghost", "sm")}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="api-calls-toggle"
      >
        <Activity className="size-3.5" aria-hidden />
        API calls
      </button>
      {open ? (
        <div
          ref={panelRef}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          data-testid="api-calls-drawer"
          data-token-id={tokenId}
          data-loaded={loaded}
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-xl flex-col border-l border-border bg-background shadow-xl outline-none"
        >
          <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3">
            <div>
              <h2 id={titleId} className="font-semibold">
                API calls for vehicle {tokenId}
              </h2>
              <p className="text-xs text-muted-foreground">
                Its own calls and the Developer JWT calls that served them, newest first.{" "}
                <Link href="/developer/activity" className="text-primary hover:underline">
                  Full activity log
                </Link>
              </p>
            </div>
            <div className="flex items-center gap-3">
              <LiveIndicator status={status} />
              <button
                type="button"
                aria-label="Close"
                onClick={close}
                className="rounded p-1 hover:bg-muted"
                data-testid="api-calls-close"
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-3">
            {!loaded ? (
              <p className="text-sm text-muted-foreground">Loading…</p>
            ) : records.length === 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="api-calls-empty">
                No calls for this vehicle yet. They appear here as the page loads its data.
              </p>
            ) : (
              <div className="flex flex-col gap-2">
                {showHits ? null : (
                  <FoldedHits count={records.length - calls.length} onShow={() => setShowHits(true)} />
                )}
                <ol className="flex flex-col gap-2">
                  {calls.slice(0, limit).map((record) => (
                    <DrawerCall key={record.id} record={record} />
                  ))}
                </ol>
                {calls.length > limit ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="w-fit"
                    onClick={() => setLimit((shown) => shown + ACTIVITY_PAGE_SIZE)}
                    data-testid="api-calls-more"
                  >
                    Show {Math.min(ACTIVITY_PAGE_SIZE, calls.length - limit)} older calls
                  </Button>
                ) : null}
              </div>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function DrawerCall({ record }: { record: ActivityEntry }) {
  const [showDetails, setShowDetails] = useState(false);
  const hydrated = useHydrated();
  return (
    <li
      className="rounded-md border border-border p-2 text-sm"
      data-testid="api-call"
      data-call-id={record.id}
      data-service={record.service}
      data-path={record.path}
      data-status={record.status ?? ""}
      data-shared={record.forTokenId !== undefined}
      data-cache={record.cache}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-muted-foreground tabular-nums">{hydrated ? formatClockTime(record.at) : ""}</span>
        <span className="text-xs">{SERVICE_LABELS[record.service]}</span>
        <StatusBadge record={record} />
        {record.cache === "none" ? null : <CacheBadge cache={record.cache} />}
        <span className="ml-auto text-xs text-muted-foreground tabular-nums">{record.durationMs} ms</span>
      </div>
      <div className="mt-1 flex items-start gap-2">
        <code className="min-w-0 flex-1 font-mono text-xs">
          {record.method} <PathText path={record.path} />
        </code>
        <button
          type="button"
          aria-expanded={showDetails}
          data-testid="toggle-details"
          onClick={() => setShowDetails((value) => !value)}
          className="inline-flex items-center gap-1 rounded px-1 text-xs whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          {showDetails ? (
            <ChevronDown className="size-3.5" aria-hidden />
          ) : (
            <ChevronRight className="size-3.5" aria-hidden />
          )}
          Details
        </button>
      </div>
      {record.error ? <p className="mt-1 text-xs text-danger">{record.error}</p> : null}
      {showDetails ? (
        <div className="mt-2">
          <ActivityDetail record={record} hydrated={hydrated} />
        </div>
      ) : null}
    </li>
  );
}
