import { Skeleton } from "@/components/ui/skeleton";

// The (list) group scopes this loading state to the list: a loading boundary above a vehicle's layout would start the
// response before the layout can answer 404 for an unknown vehicle.

export default function VehiclesLoading() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
