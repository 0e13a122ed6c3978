import { Skeleton } from "./skeleton";

/** A page's heading, subtitle and body while the page loads. */
export function PageSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
