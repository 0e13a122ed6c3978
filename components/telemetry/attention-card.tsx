"use client";

import { AlertOctagon, AlertTriangle, CheckCircle2 } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatRelativeTime } from "@/lib/format/signals";
import { useNow } from "@/lib/hooks/use-now";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type SignalValue } from "@/lib/models";
import { type AttentionItem, attentionItems } from "@/lib/signals/attention";
import { PanelCard, type PanelHeading } from "./panel-card";

/**
 * The attention panel once its data is in. Its rules name and format signals from the signal catalog, so the panel
 * loads it on demand and the Overview's first load does not carry the catalog.
 */

export function AttentionCard({ heading, signals }: { heading: PanelHeading; signals: readonly SignalValue[] }) {
  // "Left open" is measured against the viewer's clock; a minute is fine enough for it.
  const now = useNow(60_000);
  const items = attentionItems(signals, now);
  return (
    <PanelCard heading={heading} testId="attention-card">
      {items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="attention-none">
          <CheckCircle2 className="size-4 text-success" aria-hidden />
          Nothing in the latest signals needs attention.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="attention-list" aria-label="What needs attention">
          {items.map((item) => (
            <AttentionRow key={item.kind} item={item} now={now} />
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

function AttentionRow({ item, now }: { item: AttentionItem; now: number }) {
  const { format: formatDateTime } = useTimeFormat();
  const critical = item.severity === "critical";
  const Icon = critical ? AlertOctagon : AlertTriangle;
  return (
    <li
      className={cn(
        "flex items-start gap-3 rounded-lg border p-3 text-sm",
        critical ? "border-danger/40 bg-danger/5" : "border-warning/40 bg-warning/5",
      )}
      data-testid="attention-item"
      data-kind={item.kind}
      data-severity={item.severity}
      data-signals={item.signals.join(" ")}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", critical ? "text-danger" : "text-warning")} aria-hidden />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">
          <span className="sr-only">{critical ? "Critical: " : "Warning: "}</span>
          {item.title}
        </p>
        <p>{item.detail}</p>
        {item.recordedAt ? (
          <p className="text-xs text-muted-foreground">
            Recorded{" "}
            <time dateTime={item.recordedAt} title={formatDateTime(item.recordedAt)}>
              {formatRelativeTime(item.recordedAt, now)}
            </time>
          </p>
        ) : null}
      </div>
    </li>
  );
}
