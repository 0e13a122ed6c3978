"use client";

import { Suspense } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { type Feature, canReadSignals } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { catalogSignal } from "@/lib/signals/catalog";
import { type VehicleSignals, groupSignals } from "@/lib/signals/vehicle-signals";
import { Missing, PanelCard, PanelSkeleton } from "./panel-card";
import { SignalGroupList } from "./signal-group-list";
import { useVehicleSignals } from "./use-vehicle-signals";

const HEADING = {
  title: "Signals",
  description: "Every signal the vehicle has sent, grouped as in DIMO's signal tree, with its latest value.",
};

const Placeholder = () => <PanelSkeleton heading={HEADING} bodyClassName="h-96" />;

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

/** The features whose privileges would open the signals the grant kept out, one explanation each. */
function missingFeatures(data: VehicleSignals): Feature[] {
  const kept = data.unread.filter((entry) => entry.reason === "privilege").map((entry) => entry.name);
  const refused = data.refused.map((refusal) => refusal.field);
  // The location branch is the location feature's; every other signal is the signals'.
  const featureOf = (name: string): Feature => (catalogSignal(name)?.group === "location" ? "location" : "telemetry");
  return [...new Set([...kept, ...refused].filter((name) => catalogSignal(name)).map(featureOf))];
}

function SignalGroups({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const state = useVehicleSignals(tokenId);
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
  const groups = groupSignals(state.data);
  return (
    <PanelCard heading={HEADING} testId="signal-groups-card">
      {missingFeatures(state.data).map((feature) => (
        <Missing key={feature} grant={grant} feature={feature} />
      ))}
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="signal-groups-empty">
          The vehicle has sent no signals yet.
        </p>
      ) : (
        <SignalGroupList groups={groups} />
      )}
    </PanelCard>
  );
}
