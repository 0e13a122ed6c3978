import { PageSkeleton } from "@/components/ui/page-skeleton";

// The (list) group scopes this loading state to the list: a loading boundary above a vehicle's layout would start the
// response before the layout can answer 404 for an unknown vehicle.
export default function VehiclesLoading() {
  return <PageSkeleton />;
}
