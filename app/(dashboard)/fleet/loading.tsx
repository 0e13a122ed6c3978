import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function FleetLoading() {
  return <PageSkeleton />;
}
