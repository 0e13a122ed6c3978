import { type Metadata } from "next";
import { Suspense } from "react";
import { OffersSkeleton, ValuationSkeleton } from "@/components/valuation/panel-skeletons";
import { OffersSection, ValuationSection } from "@/components/valuation/value-sections";
import { canUse } from "@/lib/features";
import { loadSharedVehicle } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Value" };

export default async function VehicleValuePage({ params }: { params: Promise<{ tokenId: string }> }) {
  // The not-found page for a malformed, unknown or unshared id; the same lookup as the layout's, made once.
  const vehicle = await loadSharedVehicle((await params).tokenId);
  // No vehicle to show: the layout says why (its grant expired, or DIMO could not be asked).
  if (!vehicle) return null;
  const { grant } = vehicle;

  return (
    <div className="flex flex-col gap-6" data-testid="vehicle-value">
      <Suspense fallback={<ValuationSkeleton />}>
        <ValuationSection tokenId={vehicle.tokenId} canRead={canUse(grant, "valuation")} />
      </Suspense>
      <Suspense fallback={<OffersSkeleton />}>
        <OffersSection
          tokenId={vehicle.tokenId}
          canList={canUse(grant, "offers")}
          canRequest={canUse(grant, "instantOffer")}
        />
      </Suspense>
    </div>
  );
}
