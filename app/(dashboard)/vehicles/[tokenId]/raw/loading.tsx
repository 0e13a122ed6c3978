import { RawDataSkeleton } from "@/components/raw-data/raw-data-skeleton";

/** Switching to the Raw data tab: the tab's own shape while the vehicle's grant is looked up. */
export default function VehicleRawDataLoading() {
  return <RawDataSkeleton />;
}
