"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { keepWebhookAction } from "@/lib/actions/webhooks";
import { LocalTime } from "@/components/trips/local-time";
import { type WebhookRow } from "@/lib/models/webhooks";
import { toAppError, unwrap } from "@/lib/result";
import { useRefreshWebhooks } from "./use-refresh-webhooks";

const OWNER_ONLY = "Only the license owner can keep it: keeping it makes it the owner's.";

function DepartedWebhook({ webhook, canKeep }: { webhook: WebhookRow; canKeep: boolean }) {
  const refresh = useRefreshWebhooks();
  const keep = useMutation({
    mutationFn: async () => unwrap(await keepWebhookAction({ id: webhook.id })),
    onSuccess: refresh,
  });
  const departure = webhook.authorship?.departure;
  if (!departure) return null;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2"
      data-testid="departed-webhook"
      data-id={webhook.id}
    >
      <span>
        <strong>{webhook.displayName}</strong>: set inactive on{" "}
        <LocalTime iso={new Date(departure.atMs).toISOString()} />, as{" "}
        <span className="font-mono break-all">{departure.people.join(", ")}</span> no longer{" "}
        {departure.people.length === 1 ? "holds" : "hold"} a role.
      </span>
      <span className="flex items-center gap-2">
        {keep.error ? <span className="text-danger">{toAppError(keep.error).message}</span> : null}
        <Button
          size="sm"
          variant="secondary"
          disabled={!canKeep || keep.isPending}
          title={canKeep ? "Enable it again, as the owner's" : OWNER_ONLY}
          onClick={() => keep.mutate()}
        >
          Keep
        </Button>
      </span>
    </li>
  );
}

/**
 * The webhooks set inactive because someone who made or widened them left (an admin dropped from the configuration, a
 * former owner): the owner may keep each, which enables it again.
 */
export function DepartureNotice({ webhooks, canKeep }: { webhooks: readonly WebhookRow[]; canKeep: boolean }) {
  const departed = webhooks.filter((webhook) => webhook.authorship?.departure);
  if (departed.length === 0) return null;
  return (
    <section
      className="mb-4 rounded-lg border border-warning/30 bg-warning/10 px-5 py-4 text-sm"
      aria-labelledby="departure-notice-title"
      data-testid="departure-notice"
    >
      <h2 id="departure-notice-title" className="font-semibold">
        Webhooks of people who left
      </h2>
      <p className="mt-1 text-muted-foreground">
        Their deliveries stopped: the targets were chosen by someone who no longer holds a role.{" "}
        {canKeep ? "Keep one to enable it again as yours." : OWNER_ONLY}
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {departed.map((webhook) => (
          <DepartedWebhook key={webhook.id} webhook={webhook} canKeep={canKeep} />
        ))}
      </ul>
    </section>
  );
}
