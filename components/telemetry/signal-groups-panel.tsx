"use client";

import dynamic from "next/dynamic";
import { Suspense } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { canReadSignals } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { Missing, PanelCard, PanelSkeleton } from "./panel-card";
import { useVehicleSignals } from "./use-vehicle-signals";

const HEADING = {
  title: "Signals",
  description: "Every signal the vehicle has sent, grouped as in DIMO's signal tree, with its latest value.",
};

const Placeholder = () => <PanelSkeleton heading={HEADING} bodyClassName="h-96" />;

const SignalGroupsCard = dynamic(() => import("./signal-groups-card").then((module) => module.SignalGroupsCard), {
  loading: Placeholder,
});

/** Every signal the vehicle has, in the groups of DIMO's signal tree, with its latest value where the grant allows. */
export function SignalGroupsPanel({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  if (!canReadSignals(grant)) {
    return (
      <PanelCard heading={HEADING} testId="signal-groups-card">
        <Missing grant={grant} feature="telemetry" />
      </PanelCard>
    );
  }
  return (
    <Suspense fallback={<Placeholder />}>
      <SignalGroups tokenId={tokenId} grant={grant} />
    </Suspense>
  );
}

function SignalGroups({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const state = useVehicleSignals(tokenId, grant);
  if (state.status === "loading") return <Placeholder />;
  if (state.status === "unreadable") return null;
  if (state.status === "error") {
    return (
      <PanelCard heading={HEADING} testId="signal-groups-card">
        <ErrorNotice
          error={state.error}
          feature="telemetry"
          title="The vehicle's signals could not be loaded."
          onRetry={state.retry}
          retrying={state.retrying}
          testId="signal-groups-error"
        />
      </PanelCard>
    );
  }
  return <SignalGroupsCard heading={HEADING} data={state.data} grant={grant} tokenId={tokenId} />;
}
