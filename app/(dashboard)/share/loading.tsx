import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function GetVehiclesLoading() {
  return <PageSkeleton />;
}
