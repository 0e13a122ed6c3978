import { Skeleton } from "@/components/ui/skeleton";
import { PageError } from "@/components/ui/page-error";
import { pageResult } from "@/lib/server/page-data";
import { readFleetSummary } from "@/lib/server/fleet-summary";
import { FleetSummary } from "./fleet-summary";

/**
 * The server half of the fleet at a glance: reads the counts through their guarded read and streams in behind its own
 * Suspense boundary, so the map below starts loading meanwhile.
 */
export async function FleetSummarySection() {
  const result = pageResult(await readFleetSummary());
  if (!result.ok) return <PageError error={result.error} title="The fleet could not be summed up." />;
  return <FleetSummary view={result.data} />;
}

export function FleetSummarySkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Counting the fleet" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
