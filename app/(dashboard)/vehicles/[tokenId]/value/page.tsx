import { type Metadata } from "next";
import { Suspense } from "react";
import { OffersSkeleton, ValuationSkeleton } from "@/components/valuation/panel-skeletons";
import { OffersSection, ValuationSection } from "@/components/valuation/value-sections";
import { loadSharedVehicle } from "@/lib/server/vehicle-params";

export const metadata: Metadata = { title: "Value" };

export default async function VehicleValuePage({ params }: { params: Promise<{ tokenId: string }> }) {
  // The not-found page for a malformed, unknown or unshared id; the same lookup as the layout's, made once.
  const vehicle = await loadSharedVehicle((await params).tokenId);

  // The grant decides what can be asked for: valuation and offers need privilege 1, the request 1 or 5.
  const privileges = vehicle.grant?.privileges ?? [];
  const canRead = privileges.includes(1);
  const canRequest = privileges.includes(1) || privileges.includes(5);

  return (
    <div className="flex flex-col gap-6" data-testid="vehicle-value">
      <Suspense fallback={<ValuationSkeleton />}>
        <ValuationSection tokenId={vehicle.tokenId} canRead={canRead} />
      </Suspense>
      <Suspense fallback={<OffersSkeleton />}>
        <OffersSection tokenId={vehicle.tokenId} canList={canRead} canRequest={canRequest} />
      </Suspense>
    </div>
  );
}
