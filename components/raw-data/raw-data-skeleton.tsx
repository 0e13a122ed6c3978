import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** Placeholders with the Raw data tab's shape, for its Suspense fallback and the tab's loading state. */
export function RawDataSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading the raw data"
      className="flex flex-col gap-6"
      data-testid="raw-data-skeleton"
    >
      <Card className="p-5">
        <Skeleton className="h-24 w-full" />
      </Card>
      <Card className="flex flex-col gap-4 p-5">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-64 w-full" />
      </Card>
    </div>
  );
}
