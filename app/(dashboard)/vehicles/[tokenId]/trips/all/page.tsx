import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AllTripsView } from "@/components/trips/all-trips-view";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { publicConfig } from "@/lib/config";
import { canUse, missingFor } from "@/lib/features";
import { listTripsPage } from "@/lib/server/trips";
import { loadSharedVehicle } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "All trips" };

export default async function AllTripsPage({ params }: { params: Promise<{ tokenId: string }> }) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  // No vehicle to show: the layout says why (its grant expired, or DIMO could not be asked).
  if (!vehicle) return null;
  const canRead = canUse(vehicle.grant, "trips");
  // The page count, so that a long history is not read in full before the person knows what it costs. The first
  // page is the one the map reads first, and the trips page's own read; a failure leaves the map to say it.
  const first = canRead ? await listTripsPage({ tokenId: vehicle.tokenId, page: 1 }) : null;
  return (
    <div className="flex flex-col gap-4">
      <Link
        href={`/vehicles/${vehicle.tokenId}/trips`}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ChevronLeft className="size-4" aria-hidden />
        Trips page by page
      </Link>
      {canRead ? (
        <AllTripsView
          tokenId={vehicle.tokenId}
          mapStyleUrl={publicConfig().mapStyleUrl}
          totalPages={first?.ok ? first.data.totalPages : null}
        />
      ) : (
        <MissingPrivilege feature="trips" missing={missingFor(vehicle.grant, "trips")} />
      )}
    </div>
  );
}
