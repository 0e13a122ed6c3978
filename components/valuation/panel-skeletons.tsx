import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { OFFER_LIFETIME_DAYS } from "@/lib/protocol";

/** Placeholders with the panels' shapes, for Suspense fallbacks and the moment before the browser takes over. */

export const VALUATION_TITLE = "Valuation";
export const VALUATION_DESCRIPTION = "What the vehicle is worth today, from DIMO's valuation vendor.";
export const OFFERS_TITLE = "Instant offers";
export const OFFERS_DESCRIPTION = `Offers from third-party buyers, open for ${OFFER_LIFETIME_DAYS} days after the request.`;

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

/** A panel's frame, its title and description as they will be, around a placeholder body. */
function PanelSkeleton({
  label,
  testId,
  title,
  description,
  children,
}: {
  label: string;
  testId: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card role="status" aria-busy="true" aria-label={label} data-testid={testId}>
      <CardHeader title={title} description={description} />
      <div className="p-5">{children}</div>
    </Card>
  );
}

export function ValuationSkeleton() {
  return (
    <PanelSkeleton
      label="Loading the valuation"
      testId="valuation-skeleton"
      title={VALUATION_TITLE}
      description={VALUATION_DESCRIPTION}
    >
      <ValuationBodySkeleton />
    </PanelSkeleton>
  );
}

export function OffersSkeleton() {
  return (
    <PanelSkeleton
      label="Loading the offers"
      testId="offers-skeleton"
      title={OFFERS_TITLE}
      description={OFFERS_DESCRIPTION}
    >
      <OffersBodySkeleton />
    </PanelSkeleton>
  );
}
