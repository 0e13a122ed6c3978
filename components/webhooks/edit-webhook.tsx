"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { toAppError } from "@/lib/result";
import { webhooksQuery } from "./webhooks-queries";
import { WebhookForm } from "./webhook-form";

/** The edit form of one of the license's webhooks, read from the list the webhooks page also reads. */
export function EditWebhook({ id }: { id: string }) {
  const list = useQuery(webhooksQuery());
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading the webhook…</p>;
  if (list.isError)
    return (
      <ErrorNotice
        error={toAppError(list.error)}
        title="The webhook could not be read."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="webhook-edit-error"
      />
    );
  const webhook = list.data.find((row) => row.id === id);
  if (!webhook)
    return (
      <EmptyState
        title="No such webhook"
        action={
          <Link href="/webhooks" className={buttonClasses("secondary")}>
            Back to the webhooks
          </Link>
        }
      >
        The license has no webhook with this id; it may have been deleted.
      </EmptyState>
    );
  return <WebhookForm key={webhook.id} editing={webhook} />;
}
