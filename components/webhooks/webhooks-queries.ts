import { queryOptions } from "@tanstack/react-query";
import { type InboxView } from "@/lib/models/inbox";
import { type WebhookTrial } from "@/lib/models/webhook-trial";
import { type VehicleWatcher, type WebhookRow } from "@/lib/models/webhooks";
import { fetchJson } from "@/lib/result";

/**
 * React-query keys and reads of the webhooks section, through its GET routes (app/api/webhooks/, app/api/inbox/). A
 * failure throws an AppFailure in the route's words.
 */

export interface VehicleChoice {
  tokenId: number;
  label: string;
  privileges: number[];
}

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => ["webhooks", "list"] as const,
  vehicles: () => ["webhooks", "vehicles"] as const,
  defaults: () => ["webhooks", "defaults"] as const,
  condition: (service: string, metricName: string, condition: string) =>
    ["webhooks", "condition", service, metricName, condition] as const,
  inbox: () => ["webhooks", "inbox"] as const,
  everyVehicleWatchers: () => ["webhooks", "watchers"] as const,
  watchers: (tokenId: number) => ["webhooks", "watchers", tokenId] as const,
  trial: (request: TrialRequest) => ["webhooks", "trial", request] as const,
};

/** What a history trial is asked for; the vehicles are the first ones the metric can be read on when none. */
export interface TrialRequest {
  service: string;
  metricName: string;
  condition: string;
  coolDownPeriod: number;
  tokenIds: number[];
}

const read =
  <T>(url: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    fetchJson<T>(url, { signal, cache: "no-store" });

export const webhooksQuery = () =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: read<WebhookRow[]>("/api/webhooks") });

export const vehicleChoicesQuery = () =>
  queryOptions({
    queryKey: webhookKeys.vehicles(),
    queryFn: read<VehicleChoice[]>("/api/webhooks/vehicles"),
    staleTime: 60_000,
  });

export const formDefaultsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.defaults(),
    queryFn: read<{ inboxUrl: string; inboxToken: string; mapStyleUrl: string | null }>("/api/webhooks/defaults"),
    staleTime: Infinity,
  });

export const conditionQuery = (service: string, metricName: string, condition: string) =>
  queryOptions({
    queryKey: webhookKeys.condition(service, metricName, condition),
    queryFn: read<{ error: string | null }>(
      `/api/webhooks/condition?${new URLSearchParams({ service, metricName, condition }).toString()}`,
    ),
    staleTime: Infinity,
  });

/** The inbox polls while it is open, so a delivery shows within a couple of seconds of arriving. */
export const inboxQuery = () =>
  queryOptions({ queryKey: webhookKeys.inbox(), queryFn: read<InboxView>("/api/inbox"), refetchInterval: 1_000 });

/** A history trial, asked for once per distinct request; it reads days of history, so it is not repeated on focus. */
export const trialQuery = (request: TrialRequest) =>
  queryOptions({
    queryKey: webhookKeys.trial(request),
    queryFn: read<WebhookTrial>(
      `/api/webhooks/trial?${new URLSearchParams({
        service: request.service,
        metricName: request.metricName,
        condition: request.condition,
        coolDownPeriod: String(request.coolDownPeriod),
        tokenIds: request.tokenIds.join(","),
      }).toString()}`,
    ),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

export const vehicleWatchersQuery = (tokenId: number) =>
  queryOptions({
    queryKey: webhookKeys.watchers(tokenId),
    queryFn: read<VehicleWatcher[]>(`/api/webhooks/vehicles/${tokenId}`),
    staleTime: 30_000,
  });
