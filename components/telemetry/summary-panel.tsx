"use client";

import { Suspense } from "react";
import { type VehicleGrant } from "@/lib/models";
import { DataSummaryList } from "./overview-parts";
import { NotSent, PanelCard, PanelSkeleton } from "./panel-card";
import { useLatestTelemetry } from "./use-latest-telemetry";

const HEADING = { title: "Data summary", description: "Everything the vehicle has sent so far." };

const Placeholder = () => <PanelSkeleton heading={HEADING} bodyClassName="h-16" />;

/** When the vehicle first and last sent data, and how many signals it has recorded. */
export function SummaryPanel({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  return (
    <Suspense fallback={<Placeholder />}>
      <Summary tokenId={tokenId} grant={grant} />
    </Suspense>
  );
}

function Summary({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const telemetry = useLatestTelemetry(tokenId, grant);
  if (telemetry.status === "loading") return <Placeholder />;
  // An error, or a grant that allows no signal, is the Now card's to show.
  if (telemetry.status !== "ready") return null;
  const { summary } = telemetry.data;
  return (
    <PanelCard heading={HEADING} testId="summary-card">
      {summary ? <DataSummaryList summary={summary} /> : <NotSent grant={grant} what="data summary" />}
    </PanelCard>
  );
}
