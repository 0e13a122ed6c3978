import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** Placeholders with the attestations panel's shape, for the Suspense fallback and the moment before hydration. */

export const ATTESTATIONS_TITLE = "Verifiable credentials";
export const ATTESTATIONS_DESCRIPTION =
  "Statements about the vehicle (its VIN, odometer, position, health) signed by DIMO's attester.";

export function CredentialsBodySkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}

export function AttestationsSkeleton() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading the credentials" data-testid="attestations-skeleton">
      <CardHeader title={ATTESTATIONS_TITLE} description={ATTESTATIONS_DESCRIPTION} />
      <div className="flex flex-col gap-6 p-5">
        <div className="grid gap-3 sm:grid-cols-2" aria-hidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
        <CredentialsBodySkeleton />
      </div>
    </Card>
  );
}
