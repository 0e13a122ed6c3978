import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { type Feature } from "@/lib/features";
import { TRIPS_PAGE_SIZE } from "@/lib/protocol";
import { type AppError } from "@/lib/result";

/** What the trips page shows when there is no list to show. */

export function NoTrips() {
  return (
    <div data-testid="no-trips">
      <EmptyState title="No trips yet">
        This vehicle has not completed a trip since its device was connected. Trips appear here once the vehicle has
        been driven and the trip has ended.
      </EmptyState>
    </div>
  );
}

export function PastTheEnd({
  page,
  totalPages,
  lastHref,
  onLast,
}: {
  page: number;
  totalPages: number;
  lastHref: string;
  onLast: () => void;
}) {
  return (
    <div data-testid="past-the-end">
      <EmptyState
        title={`There is no page ${page}`}
        action={
          <a
            href={lastHref}
            onClick={(event) => {
              event.preventDefault();
              onLast();
            }}
            className={buttonClasses("secondary")}
          >
            Go to the last page ({totalPages})
          </a>
        }
      >
        This vehicle&apos;s trips fill {totalPages} {totalPages === 1 ? "page" : "pages"} of {TRIPS_PAGE_SIZE}.
      </EmptyState>
    </div>
  );
}

/** `feature`: what the list reads, whose privilege a refusal names: the Trips API's trips unless said. */
export function TripsError({
  error,
  feature = "trips",
  onRetry,
}: {
  error: AppError;
  feature?: Feature;
  onRetry: () => void;
}) {
  return (
    <ErrorNotice
      error={error}
      feature={feature}
      title="The trips could not be loaded."
      onRetry={onRetry}
      testId="trips-error"
    />
  );
}

export function TripsSkeleton() {
  return (
    <div
      role="status"
      className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
      aria-busy="true"
      aria-label="Loading trips"
    >
      <div className="flex flex-col gap-2">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
      <Skeleton className="h-[420px] w-full lg:h-[calc(100vh-16rem)]" />
    </div>
  );
}
