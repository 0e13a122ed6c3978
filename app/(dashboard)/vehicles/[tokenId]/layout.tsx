import Link from "next/link";
import { ChevronLeft } from "lucide-react";
import { ApiCallsDrawer } from "@/components/developer/api-calls-drawer";
import { VehicleHeader } from "@/components/vehicles/vehicle-header";
import { VehicleTabs } from "@/components/vehicles/vehicle-tabs";
import { loadSharedVehicle } from "@/lib/server/vehicles";

/** One vehicle: its header and tabs (Overview, Trips, Value) above whichever tab is open. */
export default async function VehicleLayout({ children, params }: { children: React.ReactNode; params: Promise<{ tokenId: string }> }) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  return (
    <div className="flex flex-col gap-5">
      <Link href="/vehicles" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden />
        All vehicles
      </Link>
      <VehicleHeader vehicle={vehicle} />
      <ApiCallsDrawer tokenId={vehicle.tokenId} />
      <VehicleTabs tokenId={vehicle.tokenId} />
      <div>{children}</div>
    </div>
  );
}
