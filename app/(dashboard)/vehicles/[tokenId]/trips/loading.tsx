import { TripsSkeleton } from "@/components/trips/trips-states";

export default function TripsLoading() {
  return <TripsSkeleton />;
}
