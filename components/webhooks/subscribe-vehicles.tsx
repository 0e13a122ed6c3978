"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ReadOnlyReason, useReadOnlyReason } from "@/components/team/read-only";
import { Button } from "@/components/ui/button";
import { subscribeAllVehiclesAction, subscribeVehiclesAction, unsubscribeVehicleAction } from "@/lib/actions/webhooks";
import { toAppError, unwrap } from "@/lib/result";
import { valueTypeOf } from "@/lib/webhooks-metrics";
import { type SubscribeOutcome, type WebhookRow } from "@/lib/models/webhooks";
import { vehicleChoicesQuery } from "./webhooks-queries";
import { useRefreshWebhooks } from "./use-refresh-webhooks";

/** Location signals need the location history privilege (4); every other metric the non-location one (1). */
function neededPrivileges(webhook: WebhookRow): number[] {
  if (webhook.service === "events") return [1, 4];
  return valueTypeOf(webhook.metricName) === "vss.Location" ? [4] : [1];
}

/** The vehicles the service did not subscribe, with its reason (already subscribed, most often). */
function NotSubscribed({ outcome }: { outcome: SubscribeOutcome | undefined }) {
  if (!outcome || outcome.failed.length === 0) return null;
  return (
    <span className="text-sm text-warning">
      Not subscribed: {outcome.failed.map((f) => `${f.assetDid.split(":").pop()} (${f.message})`).join(", ")}
    </span>
  );
}

/** The license's vehicles as checkboxes: subscribe the chosen ones in one request, or unsubscribe one. */
export function SubscribeVehicles({ webhook }: { webhook: WebhookRow }) {
  const readOnly = useReadOnlyReason();
  const vehicles = useQuery(vehicleChoicesQuery());
  const [chosen, setChosen] = useState<number[]>([]);
  const needs = neededPrivileges(webhook);
  const refresh = useRefreshWebhooks();
  const subscribe = useMutation({
    mutationFn: async () => unwrap(await subscribeVehiclesAction({ id: webhook.id, tokenIds: chosen })),
    onSuccess: () => {
      setChosen([]);
      return refresh();
    },
  });
  const subscribeAll = useMutation({
    mutationFn: async () => unwrap(await subscribeAllVehiclesAction({ id: webhook.id })),
    onSuccess: refresh,
  });
  const unsubscribe = useMutation({
    mutationFn: async (tokenId: number) => unwrap(await unsubscribeVehicleAction({ id: webhook.id, tokenId })),
    onSuccess: refresh,
  });

  if (vehicles.isPending) return <p className="text-sm text-muted-foreground">Loading the license&apos;s vehicles…</p>;
  if (vehicles.isError) return <p className="text-sm text-danger">{toAppError(vehicles.error).message}</p>;

  return (
    <div className="flex flex-col gap-2" data-testid="webhook-vehicles">
      <ul className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
        {vehicles.data.map((vehicle) => {
          const subscribed = webhook.vehicles.includes(vehicle.tokenId);
          const allowed = needs.every((id) => vehicle.privileges.includes(id));
          return (
            <li key={vehicle.tokenId} className="flex items-center gap-2 text-sm">
              {subscribed ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={unsubscribe.isPending || readOnly !== null}
                  title={readOnly ?? undefined}
                  onClick={() => unsubscribe.mutate(vehicle.tokenId)}
                  aria-label={`Unsubscribe vehicle ${vehicle.tokenId}`}
                >
                  Unsubscribe
                </Button>
              ) : (
                <input
                  type="checkbox"
                  id={`subscribe-${webhook.id}-${vehicle.tokenId}`}
                  disabled={!allowed}
                  checked={chosen.includes(vehicle.tokenId)}
                  onChange={(event) =>
                    setChosen((list) =>
                      event.target.checked ? [...list, vehicle.tokenId] : list.filter((id) => id !== vehicle.tokenId),
                    )
                  }
                  aria-label={`Vehicle ${vehicle.tokenId}`}
                />
              )}
              <label htmlFor={`subscribe-${webhook.id}-${vehicle.tokenId}`} className={allowed ? "" : "opacity-60"}>
                {vehicle.tokenId} · {vehicle.label}
                {subscribed ? " (subscribed)" : allowed ? "" : " (the grant lacks the privilege this metric needs)"}
              </label>
            </li>
          );
        })}
      </ul>
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          disabled={chosen.length === 0 || subscribe.isPending || readOnly !== null}
          title={readOnly ?? undefined}
          onClick={() => subscribe.mutate()}
        >
          Subscribe {chosen.length > 0 ? chosen.length : ""} chosen
        </Button>
        <Button
          size="sm"
          variant="secondary"
          title={
            readOnly ??
            "DIMO subscribes every vehicle shared with the license, or none when one grant lacks the privilege"
          }
          disabled={subscribeAll.isPending || readOnly !== null}
          onClick={() => subscribeAll.mutate()}
        >
          Subscribe all vehicles
        </Button>
        <NotSubscribed outcome={subscribeAll.data ?? subscribe.data} />
      </div>
      <ReadOnlyReason />
      {subscribe.isError ? <p className="text-sm text-danger">{toAppError(subscribe.error).message}</p> : null}
      {subscribeAll.isError ? <p className="text-sm text-danger">{toAppError(subscribeAll.error).message}</p> : null}
      {unsubscribe.isError ? <p className="text-sm text-danger">{toAppError(unsubscribe.error).message}</p> : null}
    </div>
  );
}
