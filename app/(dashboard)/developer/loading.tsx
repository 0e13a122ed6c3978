import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function DeveloperLoading() {
  return <PageSkeleton />;
}
