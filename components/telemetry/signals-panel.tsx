"use client";

import { Suspense } from "react";
import { type VehicleGrant } from "@/lib/models";
import { SignalsTable } from "./overview-parts";
import { NotSent, PanelCard, PanelSkeleton } from "./panel-card";
import { useLatestTelemetry } from "./use-latest-telemetry";

const HEADING = {
  title: "Available signals",
  description: "Every signal the vehicle has sent, with its latest value.",
};

const Placeholder = () => <PanelSkeleton heading={HEADING} bodyClassName="h-96" />;

/** Every signal the vehicle has sent, with its latest value where the grant lets the dashboard read it. */
export function SignalsPanel({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  return (
    <Suspense fallback={<Placeholder />}>
      <Signals tokenId={tokenId} grant={grant} />
    </Suspense>
  );
}

function Signals({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const telemetry = useLatestTelemetry(tokenId);
  if (telemetry.status === "loading") return <Placeholder />;
  // An error, or a grant that allows no signal, is the Now card's to show.
  if (telemetry.status !== "ready") return null;
  const { availableSignals, signals } = telemetry.latest;
  return (
    <PanelCard heading={HEADING} testId="signals-card">
      {availableSignals ? (
        <SignalsTable available={availableSignals} values={signals} />
      ) : (
        <NotSent grant={grant} what="list of signals" />
      )}
    </PanelCard>
  );
}
