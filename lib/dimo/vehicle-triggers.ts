import "server-only";
import {
  type SubscribeOutcome,
  type TriggerSignal,
  type VehicleWebhook,
  type Webhook,
  type WebhookDraft,
  type WebhookService,
  type WebhookUpdate,
} from "@/lib/models/webhooks";
import { type DimoRequest, type HttpSettings, dimoFetch } from "./http";
import { parseResponse } from "./parse";
import {
  messageSchema,
  signalListSchema,
  subscribeManySchema,
  subscribedDidsSchema,
  vehicleWebhooksSchema,
  webhookCreatedSchema,
  webhookListSchema,
  type webhookSchema,
} from "./schemas/vehicle-triggers";

/**
 * DIMO's Vehicle Triggers API (webhooks), called with the Developer JWT: the license's webhooks, the signals they may
 * watch, and the vehicles subscribed to each. Requests with side effects are sent at most once; reads and updates
 * (which set fields to given values) are retried like any idempotent request.
 */

export interface TriggersTarget {
  http: HttpSettings;
  baseUrl: string;
  token: string;
}

const SERVICE = "vehicleTriggers";

async function call(
  target: TriggersTarget,
  request: Pick<DimoRequest, "method" | "path" | "body" | "logBody"> & { retry?: DimoRequest["retry"] },
): Promise<unknown> {
  const response = await dimoFetch(target.http, {
    service: SERVICE,
    baseUrl: target.baseUrl,
    bearer: target.token,
    tokenKind: "developer",
    retry: request.method === "GET" || request.method === "PUT" ? "idempotent" : "at-most-once",
    ...request,
  });
  return response.body;
}

const webhookPath = (id: string) => `/v1/webhooks/${encodeURIComponent(id)}`;

function toWebhook(raw: ReturnType<typeof webhookSchema.parse>): Webhook {
  return {
    id: raw.id,
    displayName: raw.displayName || raw.id,
    description: raw.description ?? "",
    service: (raw.service === "events" ? "events" : "signals") satisfies WebhookService,
    metricName: raw.metricName,
    condition: raw.condition,
    coolDownPeriod: raw.coolDownPeriod,
    targetUrl: raw.targetURL,
    status: raw.status,
    failureCount: raw.failureCount ?? 0,
    createdAt: raw.createdAt ?? "",
    updatedAt: raw.updatedAt ?? "",
  };
}

export async function fetchWebhooks(target: TriggersTarget): Promise<Webhook[]> {
  const body = await call(target, { method: "GET", path: "/v1/webhooks" });
  return (parseResponse(webhookListSchema, body, SERVICE, "webhook list") ?? []).map(toWebhook);
}

/** The DIDs of the vehicles subscribed to the webhook (what `GET /v1/webhooks/{id}` answers). */
export async function fetchSubscribedDids(target: TriggersTarget, id: string): Promise<string[]> {
  const body = await call(target, { method: "GET", path: webhookPath(id) });
  return parseResponse(subscribedDidsSchema, body, SERVICE, "webhook's vehicles") ?? [];
}

/**
 * Registers a webhook; the service first POSTs `{"verification": "test"}` to the target and needs the token back. A
 * cooldown of 0 is sent as 0: the field is always present. The body holds the verification token, so the activity log
 * does not keep it.
 */
export async function postWebhook(target: TriggersTarget, draft: WebhookDraft): Promise<{ id: string }> {
  const json = {
    service: draft.service,
    metricName: draft.metricName,
    condition: draft.condition,
    coolDownPeriod: draft.coolDownPeriod,
    targetURL: draft.targetUrl,
    verificationToken: draft.verificationToken,
    status: draft.status,
    ...(draft.displayName === undefined ? {} : { displayName: draft.displayName }),
    ...(draft.description === undefined ? {} : { description: draft.description }),
  };
  const body = await call(target, { method: "POST", path: "/v1/webhooks", body: { json } });
  return { id: parseResponse(webhookCreatedSchema, body, SERVICE, "registration answer").id };
}

/** Changes the given fields only; an absent field is left as it is, and a cooldown of 0 is sent as 0. */
export async function putWebhook(target: TriggersTarget, id: string, update: WebhookUpdate): Promise<string> {
  const json: Record<string, string | number> = {};
  if (update.condition !== undefined) json.condition = update.condition;
  if (update.coolDownPeriod !== undefined) json.coolDownPeriod = update.coolDownPeriod;
  if (update.targetUrl !== undefined) json.targetURL = update.targetUrl;
  if (update.status !== undefined) json.status = update.status;
  if (update.displayName !== undefined) json.displayName = update.displayName;
  if (update.description !== undefined) json.description = update.description;
  const body = await call(target, { method: "PUT", path: webhookPath(id), body: { json }, logBody: true });
  return parseResponse(messageSchema, body, SERVICE, "update answer").message ?? "Webhook updated.";
}

export async function deleteWebhook(target: TriggersTarget, id: string): Promise<string> {
  const body = await call(target, { method: "DELETE", path: webhookPath(id) });
  return parseResponse(messageSchema, body, SERVICE, "delete answer").message ?? "Webhook deleted.";
}

export async function fetchTriggerSignals(target: TriggersTarget): Promise<TriggerSignal[]> {
  const body = await call(target, { method: "GET", path: "/v1/webhooks/signals" });
  return (parseResponse(signalListSchema, body, SERVICE, "signal list") ?? []).map((signal) => ({
    name: signal.name,
    description: signal.description ?? "",
    unit: signal.unit ?? "",
    valueType: signal.valueType ?? "float64",
    permissions: signal.permissions ?? [],
  }));
}

export async function postSubscription(target: TriggersTarget, id: string, assetDid: string): Promise<string> {
  const body = await call(target, { method: "POST", path: `${webhookPath(id)}/subscribe/${assetDid}` });
  return parseResponse(messageSchema, body, SERVICE, "subscription answer").message ?? "Vehicle subscribed.";
}

function subscribeOutcome(body: unknown): SubscribeOutcome {
  const answer = parseResponse(subscribeManySchema, body, SERVICE, "subscription answer");
  return {
    message: answer.message ?? "",
    failed: (answer.failedSubscriptions ?? []).map((f) => ({ assetDid: f.assetDid, message: f.message ?? "" })),
  };
}

/** Subscribes several vehicles in one request; the service refuses all of them when one lacks a permission. */
export async function postSubscriptions(
  target: TriggersTarget,
  id: string,
  assetDids: readonly string[],
): Promise<SubscribeOutcome> {
  const body = await call(target, {
    method: "POST",
    path: `${webhookPath(id)}/subscribe/list`,
    body: { json: { assetDIDs: [...assetDids] } },
    logBody: true,
  });
  return subscribeOutcome(body);
}

/** Subscribes every vehicle shared with the license; the service answers as for a list. */
export async function postSubscribeAll(target: TriggersTarget, id: string): Promise<SubscribeOutcome> {
  const body = await call(target, { method: "POST", path: `${webhookPath(id)}/subscribe/all` });
  return subscribeOutcome(body);
}

export async function deleteSubscription(target: TriggersTarget, id: string, assetDid: string): Promise<string> {
  const body = await call(target, { method: "DELETE", path: `${webhookPath(id)}/unsubscribe/${assetDid}` });
  return parseResponse(messageSchema, body, SERVICE, "unsubscription answer").message ?? "Vehicle unsubscribed.";
}

export async function fetchVehicleWebhooks(target: TriggersTarget, assetDid: string): Promise<VehicleWebhook[]> {
  const body = await call(target, { method: "GET", path: `/v1/webhooks/vehicles/${assetDid}` });
  return (parseResponse(vehicleWebhooksSchema, body, SERVICE, "vehicle's webhooks") ?? []).map((row) => ({
    webhookId: row.webhookId,
    assetDid: row.assetDid,
    createdAt: row.createdAt ?? "",
    description: row.description ?? "",
  }));
}
