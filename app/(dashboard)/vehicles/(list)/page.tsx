import type { Metadata } from "next";
import { Suspense } from "react";
import { PageError } from "@/components/ui/page-error";
import { EndedGrants } from "@/components/vehicles/ended-grants";
import { NoVehicles } from "@/components/vehicles/no-vehicles";
import { VehicleList } from "@/components/vehicles/vehicle-list";
import { publicConfig } from "@/lib/config";
import { pageResult } from "@/lib/server/page-data";
import { listVehicleRoster } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Vehicles" };

export default async function VehiclesPage() {
  const result = pageResult(await listVehicleRoster());
  let body: React.ReactNode;
  if (!result.ok) body = <PageError error={result.error} title="The vehicles could not be loaded." />;
  else if (result.data.vehicles.length === 0)
    body = (
      <>
        <NoVehicles clientId={publicConfig().clientId} />
        {result.data.ended.length > 0 ? <EndedGrants grants={result.data.ended} /> : null}
      </>
    );
  else
    body = (
      <Suspense>
        <VehicleList roster={result.data} />
      </Suspense>
    );
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Vehicles</h1>
        <p className="text-sm text-muted-foreground">
          The vehicles shared with this Developer License, with the share link that brought each one when this dashboard
          saw it come.
        </p>
      </div>
      {body}
    </div>
  );
}
