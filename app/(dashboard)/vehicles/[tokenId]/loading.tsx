import { OverviewSkeleton } from "@/components/telemetry/overview-skeleton";

export default function OverviewLoading() {
  return <OverviewSkeleton />;
}
