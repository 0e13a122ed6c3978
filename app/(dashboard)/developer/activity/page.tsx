import type { Metadata } from "next";
import { Suspense } from "react";
import { ActivityLog } from "@/components/developer/activity-log";
import { Skeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "API activity" };

/** The API activity log; it streams from /api/developer/activity, with its filters in the URL. */
export default function ActivityPage() {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <ActivityLog />
    </Suspense>
  );
}
