"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { ErrorNotice } from "@/components/ui/error-notice";
import { vehicleWatchersQuery } from "@/components/webhooks/webhooks-queries";
import { toAppError } from "@/lib/result";
import { PanelCard, PanelSkeleton } from "./panel-card";

const HEADING = {
  title: "Webhooks",
  description: "The license's webhooks that watch this vehicle (DIMO's Vehicle Triggers API).",
};

/** The webhooks subscribed to this vehicle, each linking to its edit page; a link to create one when none are. */
export function WebhooksPanel({ tokenId }: { tokenId: number }) {
  const watchers = useQuery(vehicleWatchersQuery(tokenId));
  if (watchers.isPending) return <PanelSkeleton heading={HEADING} bodyClassName="h-12" />;
  return (
    <PanelCard heading={HEADING} testId="vehicle-webhooks">
      {watchers.isError ? (
        <ErrorNotice
          error={toAppError(watchers.error)}
          title="The webhooks could not be read."
          onRetry={() => void watchers.refetch()}
          retrying={watchers.isFetching}
          testId="vehicle-webhooks-error"
          variant="line"
        />
      ) : watchers.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No webhook watches this vehicle.{" "}
          <Link href="/webhooks" className="text-primary underline">
            Subscribe it to one
          </Link>
          .
        </p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {watchers.data.map((webhook) => (
            <li key={webhook.id} className="flex flex-wrap items-center gap-2" data-testid="vehicle-webhook">
              <Link href={`/webhooks/${encodeURIComponent(webhook.id)}/edit`} className="font-medium underline">
                {webhook.displayName}
              </Link>
              <Badge
                tone={webhook.status === "enabled" ? "success" : webhook.status === "failed" ? "danger" : "neutral"}
              >
                {webhook.status}
              </Badge>
              <span className="font-mono text-muted-foreground">
                {webhook.metricName}: {webhook.condition}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}
