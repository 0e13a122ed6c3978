import type { Metadata } from "next";
import { Suspense } from "react";
import { NoVehicles } from "@/components/vehicles/no-vehicles";
import { VehicleList } from "@/components/vehicles/vehicle-list";
import { publicConfig } from "@/lib/config";
import { listAllVehicles } from "@/lib/dimo";

export const metadata: Metadata = { title: "Vehicles" };

export default async function VehiclesPage() {
  // The identity API also lists vehicles the license owns; only a live grant makes a vehicle shared.
  const vehicles = (await listAllVehicles()).filter((vehicle) => vehicle.grant !== null);
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
