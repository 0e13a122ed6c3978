import { OffersSkeleton, ValuationSkeleton } from "@/components/valuation/panel-skeletons";

/** Switching to the Value tab: the panels' own shapes while the vehicle's grant is looked up. */
export default function VehicleValueLoading() {
  return (
    <div className="flex flex-col gap-6">
      <ValuationSkeleton />
      <OffersSkeleton />
    </div>
  );
}
