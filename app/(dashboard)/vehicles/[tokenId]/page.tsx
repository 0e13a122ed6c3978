import { type Metadata } from "next";
import { Suspense } from "react";
import { OverviewSection } from "@/components/telemetry/overview-section";
import { OverviewSkeleton } from "@/components/telemetry/overview-skeleton";
import { loadSharedVehicle } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Overview" };

/** A vehicle opens on its Overview: what it is doing now, from DIMO's Telemetry API. */
export default async function VehicleOverviewPage({ params }: { params: Promise<{ tokenId: string }> }) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  // No vehicle to show: the layout says why (its grant expired, or DIMO could not be asked).
  if (!vehicle) return null;
  return (
    <div data-testid="vehicle-overview">
      <Suspense fallback={<OverviewSkeleton />}>
        <OverviewSection vehicle={vehicle} />
      </Suspense>
    </div>
  );
}
