import { type Metadata } from "next";
import { Suspense } from "react";
import { RawDataSection } from "@/components/raw-data/raw-data-section";
import { RawDataSkeleton } from "@/components/raw-data/raw-data-skeleton";
import { readRawDataView } from "@/components/raw-data/raw-data-view";
import { loadSharedVehicle } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Raw data" };

interface RawDataPageProps {
  params: Promise<{ tokenId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function VehicleRawDataPage({ params, searchParams }: RawDataPageProps) {
  // The not-found page for a malformed, unknown or unshared id; the same lookup as the layout's, made once.
  const vehicle = await loadSharedVehicle((await params).tokenId);
  // No vehicle to show: the layout says why (its grant expired, or DIMO could not be asked).
  if (!vehicle) return null;
  const view = readRawDataView(await searchParams);
  return (
    <div className="flex flex-col gap-6" data-testid="vehicle-raw-data">
      <Suspense fallback={<RawDataSkeleton />}>
        <RawDataSection tokenId={vehicle.tokenId} grant={vehicle.grant} view={view} />
      </Suspense>
    </div>
  );
}
