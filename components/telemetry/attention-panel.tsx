"use client";

import { AlertOctagon, AlertTriangle, CheckCircle2 } from "lucide-react";
import { Suspense } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { cn } from "@/lib/cn";
import { formatRelativeTime } from "@/lib/format/signals";
import { canUse } from "@/lib/features";
import { useNow } from "@/lib/hooks/use-now";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type VehicleGrant } from "@/lib/models";
import { type AttentionItem, attentionItems } from "@/lib/signals/attention";
import { Missing, PanelCard, PanelSkeleton } from "./panel-card";
import { useVehicleSignals } from "./use-vehicle-signals";

const HEADING = {
  title: "Needs attention",
  description: "Trouble codes, tires, the 12 V battery, service, and doors or windows left open.",
};

const Placeholder = () => <PanelSkeleton heading={HEADING} bodyClassName="h-12" />;

/** What in the vehicle's latest signals someone should look at, most urgent first; first on the Overview. */
export function AttentionPanel({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  if (!canUse(grant, "telemetry")) {
    return (
      <PanelCard heading={HEADING} testId="attention-card">
        <Missing grant={grant} feature="telemetry" />
      </PanelCard>
    );
  }
  return (
    <Suspense fallback={<Placeholder />}>
      <Attention tokenId={tokenId} />
    </Suspense>
  );
}

function Attention({ tokenId }: { tokenId: number }) {
  const state = useVehicleSignals(tokenId);
  // "Left open" is measured against the viewer's clock; a minute is fine enough for it.
  const now = useNow(60_000);
  if (state.status === "loading") return <Placeholder />;
  if (state.status === "unreadable") return null;
  if (state.status === "error") {
    return (
      <PanelCard heading={HEADING} testId="attention-card">
        <ErrorNotice
          error={state.error}
          feature="telemetry"
          title="What needs attention could not be checked."
          onRetry={state.retry}
          retrying={state.retrying}
          testId="attention-error"
        />
      </PanelCard>
    );
  }
  const items = attentionItems(state.data.signals, now);
  return (
    <PanelCard heading={HEADING} testId="attention-card">
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
