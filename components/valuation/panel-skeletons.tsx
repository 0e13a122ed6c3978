import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** Placeholders with the panels' shapes, for Suspense fallbacks and the moment before the browser takes over. */

export const VALUATION_TITLE = "Valuation";
export const VALUATION_DESCRIPTION = "What the vehicle is worth today, from DIMO's valuation vendor.";
export const OFFERS_TITLE = "Instant offers";
export const OFFERS_DESCRIPTION = "Offers from third-party buyers, open for 7 days after the request.";

export function ValuationBodySkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-hidden>
      <div className="grid gap-3 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <div className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    </div>
  );
}

export function OffersBodySkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-3" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}

export function ValuationSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading the valuation" data-testid="valuation-skeleton">
      <CardHeader title={VALUATION_TITLE} description={VALUATION_DESCRIPTION} />
      <div className="p-5">
        <ValuationBodySkeleton />
      </div>
    </Card>
  );
}

export function OffersSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading the offers" data-testid="offers-skeleton">
      <CardHeader title={OFFERS_TITLE} description={OFFERS_DESCRIPTION} />
      <div className="p-5">
        <OffersBodySkeleton />
      </div>
    </Card>
  );
}
