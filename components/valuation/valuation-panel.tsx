"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { useHydrated } from "@/lib/hooks/use-now";
import { toAppError } from "@/lib/result";
import { VALUATION_DESCRIPTION, VALUATION_TITLE, ValuationBodySkeleton } from "./panel-skeletons";
import { ValuationFigures } from "./valuation-figures";
import { valuationQuery } from "./valuation-queries";

/**
 * The vehicle's latest valuation. The server's first answer arrives prefetched (value-sections.tsx); when that answer
 * was a failure, the browser asks once more through the valuation route before showing the error. Without `canRead`
 * (the grant does not allow the valuation) the panel says what is missing and asks nothing.
 */
export function ValuationPanel({ tokenId, canRead }: { tokenId: number; canRead: boolean }) {
  const hydrated = useHydrated();
  const query = useQuery({ ...valuationQuery(tokenId), enabled: canRead });
  const error = query.data === undefined && query.error ? toAppError(query.error) : null;

  let body: React.ReactNode;
  if (!canRead) {
    body = <MissingPrivilege feature="valuation" />;
  } else if (!hydrated || (query.data === undefined && error === null)) {
    body = <ValuationBodySkeleton />;
  } else if (error) {
    body = (
      <ErrorNotice
        error={error}
        feature="valuation"
        title="The valuation could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="valuation-error"
      />
    );
  } else if (query.data) {
    body = <ValuationFigures valuation={query.data} />;
  } else {
    body = (
      <EmptyState title="No valuation yet">
        DIMO has not valued this vehicle yet. A valuation appears once its vendor has priced the vehicle.
      </EmptyState>
    );
  }

  return (
    <Card data-testid="valuation-panel">
      <CardHeader title={VALUATION_TITLE} description={VALUATION_DESCRIPTION} />
      <div className="p-5">{body}</div>
    </Card>
  );
}
