import { type Metadata } from "next";
import { Overview } from "@/components/telemetry/overview";
import { loadSharedVehicle } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Overview" };

/** A vehicle opens on its Overview: what it is doing now, from DIMO's Telemetry API. */
export default async function VehicleOverviewPage({ params }: { params: Promise<{ tokenId: string }> }) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  // No vehicle to show: the layout says why (its grant expired, or DIMO could not be asked).
  if (!vehicle) return null;
  return (
    <div data-testid="vehicle-overview">
      <Overview vehicle={vehicle} />
    </div>
  );
}
