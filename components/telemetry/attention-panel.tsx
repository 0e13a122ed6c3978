"use client";

import dynamic from "next/dynamic";
import { Suspense } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { canUse } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { Missing, PanelCard, PanelSkeleton } from "./panel-card";
import { useVehicleSignals } from "./use-vehicle-signals";

const HEADING = {
  title: "Needs attention",
  description: "Trouble codes, tires, the 12 V battery, service, and doors or windows left open.",
};

// One line high: what most vehicles show here is the one line that nothing needs attention.
const Placeholder = () => <PanelSkeleton heading={HEADING} bodyClassName="h-5" />;

const AttentionCard = dynamic(() => import("./attention-card").then((module) => module.AttentionCard), {
  loading: Placeholder,
});

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
      <Attention tokenId={tokenId} grant={grant} />
    </Suspense>
  );
}

function Attention({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const state = useVehicleSignals(tokenId, grant);
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
  return <AttentionCard heading={HEADING} signals={state.data.signals} />;
}
