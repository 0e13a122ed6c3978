"use client";

import { Suspense } from "react";
import { canUse, telemetryFeatureOf } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { TELEMETRY_SIGNALS, type SignalName } from "@/lib/telemetry-signals";
import { HISTORY_HEADING, HistoryPanel } from "./history-panel";
import { Missing, PanelCard, PanelSkeleton } from "./panel-card";
import { useLatestTelemetry } from "./use-latest-telemetry";

const Placeholder = () => <PanelSkeleton heading={HISTORY_HEADING} bodyClassName="h-72" />;

/** The signals the history chart offers: numeric ones the grant allows and the vehicle has sent. */
function chartableSignals(grant: VehicleGrant | null, available: readonly string[] | null): SignalName[] {
  return TELEMETRY_SIGNALS.filter(
    (signal) =>
      signal.kind === "float" &&
      canUse(grant, telemetryFeatureOf(signal.name)) &&
      (available === null || available.includes(signal.name)),
  ).map((signal) => signal.name);
}

/** One signal's history, offering the signals the latest answer says the vehicle has sent. */
export function HistorySection({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  if (!canUse(grant, "telemetry")) {
    return (
      <PanelCard heading={HISTORY_HEADING} testId="history-panel">
        <Missing grant={grant} feature="telemetry" />
      </PanelCard>
    );
  }
  return (
    <Suspense fallback={<Placeholder />}>
      <History tokenId={tokenId} grant={grant} />
    </Suspense>
  );
}

function History({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const telemetry = useLatestTelemetry(tokenId, grant);
  if (telemetry.status === "loading") return <Placeholder />;
  // An error is the Now card's to show.
  if (telemetry.status !== "ready") return null;
  return <HistoryPanel tokenId={tokenId} signals={chartableSignals(grant, telemetry.data.availableSignals)} />;
}
