import { Skeleton } from "@/components/ui/skeleton";

/** The landing's heading and card at their least height (components/share/landing-summary.tsx), while DIMO is asked. */
export default function ShareArrivedLoading() {
  return (
    <div role="status" className="flex flex-col gap-6" aria-busy="true" aria-label="Checking with DIMO">
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-64 w-full rounded-lg" />
    </div>
  );
}
