import Link from "next/link";
import { ChevronLeft } from "lucide-react";
import { ApiCallsDrawer } from "@/components/developer/api-calls-drawer";
import { VehicleHeader } from "@/components/vehicles/vehicle-header";
import { VehicleTabs } from "@/components/vehicles/vehicle-tabs";
import { loadSharedVehicle } from "@/lib/server/vehicles";

/**
 * One vehicle: a compact header and the tabs (Overview, Trips, All trips, Value, with "API calls" at the row's end)
 * above whichever tab is open. Kept short so a tab's content, the trips map above all, fits the first screen.
 */
export default async function VehicleLayout({ children, params }: { children: React.ReactNode; params: Promise<{ tokenId: string }> }) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Link href="/vehicles" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden />
        All vehicles
      </Link>
      <VehicleHeader vehicle={vehicle} />
      <VehicleTabs tokenId={vehicle.tokenId} aside={<ApiCallsDrawer tokenId={vehicle.tokenId} />} />
      <div className="min-w-0 pt-1">{children}</div>
    </div>
  );
}
