import type { Metadata } from "next";
import { Suspense } from "react";
import { FleetPositions } from "@/components/fleet/fleet-positions";
import { FleetSummarySection, FleetSummarySkeleton } from "@/components/fleet/fleet-summary-section";
import { publicConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Fleet" };

export default function FleetPage() {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Fleet</h1>
        <p className="text-sm text-muted-foreground">
          The vehicles shared with this Developer License at a glance, and where each was last seen. A count links to
          the vehicle list showing the same vehicles where the list can filter on it.
        </p>
      </div>
      <Suspense fallback={<FleetSummarySkeleton />}>
        <FleetSummarySection />
      </Suspense>
      <FleetPositions mapStyleUrl={publicConfig().mapStyleUrl} />
    </div>
  );
}
