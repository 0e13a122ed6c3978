import type { Metadata } from "next";
import { Suspense } from "react";
import { NoVehicles } from "@/components/vehicles/no-vehicles";
import { VehicleList } from "@/components/vehicles/vehicle-list";
import { publicConfig } from "@/lib/config";
import { dataForPage } from "@/lib/server/page-data";
import { listSharedVehicles } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Vehicles" };

export default async function VehiclesPage() {
  const vehicles = dataForPage(await listSharedVehicles());
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Vehicles</h1>
        <p className="text-sm text-muted-foreground">The vehicles shared with this Developer License.</p>
      </div>
      {vehicles.length === 0 ? (
        <NoVehicles clientId={publicConfig().clientId} />
      ) : (
        <Suspense>
          <VehicleList vehicles={vehicles} />
        </Suspense>
      )}
    </div>
  );
}
