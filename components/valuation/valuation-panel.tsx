"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { useHydrated } from "@/lib/hooks/use-now";
import { type Valuation } from "@/lib/models";
import { type Result, toAppError } from "@/lib/result";
import { VALUATION_DESCRIPTION, VALUATION_TITLE, ValuationBodySkeleton } from "./panel-skeletons";
import { ValuationFigures } from "./valuation-figures";
import { valuationQuery } from "./valuation-queries";

/**
 * The vehicle's latest valuation. The server's first answer arrives as `initial` and seeds react-query; when that
 * answer was a failure, the browser asks once more through the valuation route before showing the error. `initial`
 * is null when the grant does not allow the valuation: the panel then says what is missing and asks nothing.
 */
export function ValuationPanel({ tokenId, initial }: { tokenId: number; initial: Result<Valuation | null> | null }) {
  const hydrated = useHydrated();
  const canRead = initial !== null;
  const query = useQuery({
    ...valuationQuery(tokenId),
    initialData: initial?.ok ? initial.data : undefined,
    enabled: canRead,
  });
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
