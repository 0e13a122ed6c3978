"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { ReadOnlyReason, useReadOnlyReason } from "@/components/team/read-only";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { deleteWebhookAction, setWebhookStatusAction } from "@/lib/actions/webhooks";
import { toAppError, unwrap } from "@/lib/result";
import { type WebhookRow } from "@/lib/models/webhooks";
import { webhooksQuery } from "./webhooks-queries";
import { SubscribeVehicles } from "./subscribe-vehicles";
import { TestTargetButton } from "./test-target-button";
import { useRefreshWebhooks } from "./use-refresh-webhooks";
import { AuthorshipLines } from "./webhook-authorship";
import { DepartureNotice } from "./departure-notice";

function StatusBadge({ webhook }: { webhook: WebhookRow }) {
  if (webhook.status === "enabled") return <Badge tone="success">enabled</Badge>;
  if (webhook.status === "failed")
    return (
      <Badge tone="danger" title="Enable it to bring it back: the service resets its failure count">
        failed ({webhook.failureCount} failures)
      </Badge>
    );
  return <Badge>{webhook.status}</Badge>;
}

function Row({ webhook }: { webhook: WebhookRow }) {
  const [confirming, setConfirming] = useState(false);
  const readOnly = useReadOnlyReason();
  const [showVehicles, setShowVehicles] = useState(false);
  const refresh = useRefreshWebhooks();
  const status = useMutation({
    mutationFn: async (next: "enabled" | "disabled") =>
      unwrap(await setWebhookStatusAction({ id: webhook.id, status: next })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await deleteWebhookAction({ id: webhook.id })),
    onSuccess: refresh,
  });
  const failure = status.error ?? remove.error;

  return (
    <li
      className="flex flex-col gap-2 border-b border-border px-5 py-4 last:border-b-0"
      data-testid="webhook-row"
      data-id={webhook.id}
      data-status={webhook.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h3 className="font-medium" data-testid="webhook-name">
              {webhook.displayName}
            </h3>
            <StatusBadge webhook={webhook} />
          </div>
          <dl className="mt-1 grid gap-x-4 text-sm text-muted-foreground sm:grid-cols-[8rem_1fr]">
            <dt>Metric</dt>
            <dd className="font-mono">{webhook.metricName}</dd>
            <dt>Condition</dt>
            <dd className="font-mono break-all">{webhook.condition}</dd>
            <dt>Cooldown</dt>
            <dd data-testid="webhook-cooldown">{webhook.coolDownPeriod} s</dd>
            <dt>Target</dt>
            <dd className="font-mono break-all">{webhook.targetUrl}</dd>
            <dt>Vehicles</dt>
            <dd data-testid="webhook-vehicle-count">{webhook.vehicles.length}</dd>
            <AuthorshipLines authorship={webhook.authorship} />
          </dl>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={`/webhooks/${encodeURIComponent(webhook.id)}/edit`} className={buttonClasses("secondary", "sm")}>
            Edit
          </Link>
          <Button size="sm" variant="secondary" onClick={() => setShowVehicles((shown) => !shown)}>
            {showVehicles ? "Hide vehicles" : "Vehicles"}
          </Button>
          {webhook.status === "enabled" ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={status.isPending || readOnly !== null}
              title={readOnly ?? undefined}
              onClick={() => status.mutate("disabled")}
            >
              Disable
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={status.isPending || readOnly !== null}
              title={readOnly ?? undefined}
              onClick={() => status.mutate("enabled")}
            >
              Enable
            </Button>
          )}
          {confirming ? (
            <>
              <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                Confirm delete
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              disabled={readOnly !== null}
              title={readOnly ?? undefined}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
      {failure ? <p className="text-sm text-danger">{toAppError(failure).message}</p> : null}
      <TestTargetButton
        request={{
          targetUrl: webhook.targetUrl,
          service: webhook.service,
          metricName: webhook.metricName,
          condition: webhook.condition,
          displayName: webhook.displayName,
          webhookId: webhook.id,
        }}
      />
      {showVehicles ? <SubscribeVehicles webhook={webhook} /> : null}
    </li>
  );
}

/**
 * The license's webhooks, with their state, the vehicles each watches and who made and changed it; above them, those
 * set inactive because their author left, which only the owner (`canKeep`) may keep.
 */
export function WebhookList({ canKeep }: { canKeep: boolean }) {
  const list = useQuery(webhooksQuery());
  const readOnly = useReadOnlyReason();
  return (
    <>
      {list.data ? <DepartureNotice webhooks={list.data} canKeep={canKeep} /> : null}
      <Card>
        <CardHeader
          title="Webhooks"
          description={
            <>
              DIMO&apos;s Vehicle Triggers API calls a target when a subscribed vehicle&apos;s signal or event meets a
              condition.
              <ReadOnlyReason className="mt-1 text-xs" />
            </>
          }
          actions={
            <div className="flex gap-2">
              <Link href="/webhooks/inbox" className={buttonClasses("secondary", "sm")}>
                Inbox
              </Link>
              {readOnly ? (
                <Button size="sm" disabled title={readOnly}>
                  New webhook
                </Button>
              ) : (
                <Link href="/webhooks/new" className={buttonClasses("primary", "sm")}>
                  New webhook
                </Link>
              )}
            </div>
          }
        />
        {list.isPending ? (
          <p className="px-5 py-4 text-sm text-muted-foreground">Loading webhooks…</p>
        ) : list.isError ? (
          <div className="p-5">
            <ErrorNotice
              error={toAppError(list.error)}
              title="The webhooks could not be read."
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
              testId="webhooks-error"
            />
          </div>
        ) : list.data.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No webhooks yet">
              Create one aimed at this dashboard&apos;s inbox to watch a delivery arrive.
            </EmptyState>
          </div>
        ) : (
          <ul>
            {list.data.map((webhook) => (
              <Row key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
