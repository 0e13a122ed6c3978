import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AllTripsView } from "@/components/trips/all-trips-view";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { loadSharedVehicle } from "@/lib/server/vehicle-params";
import { publicConfig } from "@/lib/config";

export const metadata: Metadata = { title: "All trips" };

export default async function AllTripsPage({ params }: { params: Promise<{ tokenId: string }> }) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  return (
    <div className="flex flex-col gap-4">
      <Link href={`/vehicles/${vehicle.tokenId}/trips`} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden />
        Trips page by page
      </Link>
      {vehicle.grant?.privileges.includes(4) ? (
        <AllTripsView tokenId={vehicle.tokenId} mapStyleUrl={publicConfig().mapStyleUrl} />
      ) : (
        <MissingPrivilege feature="Trips" privileges={[4]} />
      )}
    </div>
  );
}
