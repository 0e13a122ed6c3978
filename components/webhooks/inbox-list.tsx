"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { toAppError } from "@/lib/result";
import { InboxRotate } from "./inbox-rotate";
import { inboxQuery } from "./webhooks-queries";

/**
 * The deliveries the inbox recorded, newest first, each with its CloudEvent as received; refreshed while open. The
 * license owner may give the inbox a new address.
 */
export function InboxList({ canRotate }: { canRotate: boolean }) {
  const inbox = useQuery(inboxQuery());
  if (inbox.isPending) return <p className="text-sm text-muted-foreground">Loading the inbox…</p>;
  if (inbox.isError)
    return (
      <ErrorNotice
        error={toAppError(inbox.error)}
        title="The inbox could not be read."
        onRetry={() => void inbox.refetch()}
        testId="inbox-error"
      />
    );
  const { url, deliveries, cap } = inbox.data;
  return (
    <Card>
      <CardHeader
        title="Inbox"
        description={`Deliveries to this dashboard's own target, newest first (the last ${cap} are kept). DIMO does not sign deliveries: the secret address is the only guard, so they are shown here and nothing else believes them.`}
      />
      <div className="flex items-center gap-2 border-b border-border px-5 py-3 text-sm">
        <span className="text-muted-foreground">Target URL:</span>
        <span className="font-mono break-all" data-testid="inbox-url">
          {url}
        </span>
        <CopyButton value={url} label="Copy inbox URL" />
      </div>
      {canRotate ? <InboxRotate url={url} /> : null}
      {deliveries.length === 0 ? (
        <div className="p-5">
          <EmptyState title="Nothing received yet">
            Aim a webhook at the address above and subscribe a vehicle; each delivery appears here.
          </EmptyState>
        </div>
      ) : (
        <ul>
          {deliveries.map((delivery) => {
            const event = (typeof delivery.body === "object" && delivery.body !== null ? delivery.body : {}) as {
              subject?: unknown;
              data?: { webhookName?: unknown; metricName?: unknown };
            };
            return (
              <li
                key={delivery.id}
                className="border-b border-border px-5 py-3 last:border-b-0"
                data-testid="inbox-delivery"
                data-webhook-name={typeof event.data?.webhookName === "string" ? event.data.webhookName : undefined}
              >
                <div className="flex flex-wrap gap-x-4 text-sm">
                  <span className="font-mono">{delivery.receivedAt}</span>
                  {typeof event.data?.webhookName === "string" ? <span>{event.data.webhookName}</span> : null}
                  {typeof event.data?.metricName === "string" ? (
                    <span className="font-mono">{event.data.metricName}</span>
                  ) : null}
                  {typeof event.subject === "string" ? (
                    <span className="font-mono text-muted-foreground">{event.subject}</span>
                  ) : null}
                </div>
                <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs">
                  {typeof delivery.body === "string" ? delivery.body : JSON.stringify(delivery.body, null, 2)}
                </pre>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
