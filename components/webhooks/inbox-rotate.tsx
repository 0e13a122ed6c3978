"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { rotateInboxSecretAction } from "@/lib/actions/inbox";
import { toAppError, unwrap } from "@/lib/result";
import { webhookKeys, webhooksQuery } from "./webhooks-queries";

/**
 * "New address" for the inbox, for the license owner (the server refuses anyone else): a confirm that says the old
 * address stops at once and names the license's webhooks aimed at it, which then need their target changed.
 */
export function InboxRotate({ url }: { url: string }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const webhooks = useQuery({ ...webhooksQuery(), enabled: confirming });
  const rotate = useMutation({
    mutationFn: async () => unwrap(await rotateInboxSecretAction()),
    onSuccess: async () => {
      setConfirming(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.inbox() }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.defaults() }),
      ]);
    },
  });

  if (!confirming) {
    return (
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-5 py-3 text-sm">
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} data-testid="inbox-rotate">
          New address
        </Button>
        <span className="text-muted-foreground">Anyone who has seen the address above can post to the inbox.</span>
        {rotate.isSuccess ? (
          <span role="status" className="text-success" data-testid="inbox-rotated">
            The inbox has a new address.
          </span>
        ) : null}
      </div>
    );
  }

  const aimed = (webhooks.data ?? []).filter((webhook) => webhook.targetUrl === url);
  return (
    <div className="flex flex-col gap-2 border-b border-border px-5 py-3 text-sm" data-testid="inbox-rotate-confirm">
      <p>
        The current address stops at once: a delivery to it is refused from now on, and the deliveries below are
        dropped.
      </p>
      {webhooks.isPending ? (
        <p className="text-muted-foreground">Looking for webhooks aimed at it…</p>
      ) : webhooks.isError ? (
        <p className="text-danger">The webhooks could not be read: {toAppError(webhooks.error).message}</p>
      ) : aimed.length === 0 ? (
        <p className="text-muted-foreground">None of the license&apos;s webhooks is aimed at it.</p>
      ) : (
        <div>
          <p>These webhooks are aimed at it; change their target to the new address afterwards:</p>
          <ul className="list-disc pl-5" data-testid="inbox-rotate-webhooks">
            {aimed.map((webhook) => (
              <li key={webhook.id}>{webhook.displayName}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="danger"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate()}
          data-testid="inbox-rotate-confirm-button"
        >
          {rotate.isPending ? "Changing…" : "Change the address"}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
        {rotate.error ? (
          <span role="alert" className="text-danger">
            {toAppError(rotate.error).message}
          </span>
        ) : null}
      </div>
    </div>
  );
}
