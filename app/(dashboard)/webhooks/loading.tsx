import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function WebhooksLoading() {
  return <PageSkeleton />;
}
