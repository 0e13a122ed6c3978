import "server-only";
import { vehicleDid } from "@/lib/protocol";
import {
  type SubscribeOutcome,
  type TriggerSignal,
  type VehicleWebhook,
  type Webhook,
  type WebhookDraft,
  type WebhookUpdate,
} from "@/lib/models/webhooks";
import { isDimoError } from "../errors";
import {
  type TriggersTarget,
  deleteSubscription,
  deleteWebhook,
  fetchSubscribedDids,
  fetchTriggerSignals,
  fetchVehicleWebhooks,
  fetchWebhooks,
  postSubscribeAll,
  postSubscription,
  postSubscriptions,
  postWebhook,
  putWebhook,
} from "../vehicle-triggers";
import { type ClientContext, assertPositiveInteger } from "./context";

/**
 * The Vehicle Triggers API's part of the DIMO client: the license's webhooks and their subscriptions, all with the
 * Developer JWT from the one token manager. Vehicles are named by token id and sent as asset DIDs of the configured
 * vehicle contract.
 */

export interface VehicleTriggerMethods {
  listWebhooks(): Promise<Webhook[]>;
  /** One webhook of the license, or null when the service does not list it. */
  getWebhook(id: string): Promise<Webhook | null>;
  /** The DIDs of the vehicles the webhook watches. */
  listWebhookVehicles(id: string): Promise<string[]>;
  createWebhook(draft: WebhookDraft): Promise<{ id: string }>;
  updateWebhook(id: string, update: WebhookUpdate): Promise<string>;
  deleteWebhook(id: string): Promise<string>;
  listTriggerSignals(): Promise<TriggerSignal[]>;
  subscribeVehicle(id: string, tokenId: number): Promise<string>;
  subscribeVehicles(id: string, tokenIds: readonly number[]): Promise<SubscribeOutcome>;
  /** Subscribes every vehicle shared with the license, in one request. */
  subscribeAllVehicles(id: string): Promise<SubscribeOutcome>;
  unsubscribeVehicle(id: string, tokenId: number): Promise<string>;
  /** The webhooks that watch the vehicle. */
  listVehicleWebhooks(tokenId: number): Promise<VehicleWebhook[]>;
}

function assertId(id: string): void {
  if (typeof id !== "string" || id.trim() === "") throw new TypeError("a webhook id is required");
}

function assertCoolDown(value: number | undefined): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0))
    throw new TypeError("coolDownPeriod must be a whole number of seconds, 0 or more");
}

export function vehicleTriggerMethods({ http, config, tokens }: ClientContext): VehicleTriggerMethods {
  /** Runs the call with the Developer JWT; a 401 drops it and runs the call once more with a fresh one. */
  async function withDeveloper<T>(run: (target: TriggersTarget) => Promise<T>): Promise<T> {
    const target = (token: string): TriggersTarget => ({ http, baseUrl: config.urls.vehicleTriggers, token });
    try {
      return await run(target(await tokens.getDeveloperJwt()));
    } catch (error) {
      if (!(isDimoError(error) && error.service === "vehicleTriggers" && error.status === 401)) throw error;
      await tokens.dropDeveloperJwt();
      return run(target(await tokens.getDeveloperJwt()));
    }
  }
  const didOf = (tokenId: number) => {
    assertPositiveInteger(tokenId, "tokenId");
    return vehicleDid(tokenId, config.vehicleContract);
  };

  return {
    listWebhooks: () => withDeveloper(fetchWebhooks),

    async getWebhook(id) {
      assertId(id);
      return (await withDeveloper(fetchWebhooks)).find((webhook) => webhook.id === id) ?? null;
    },

    async listWebhookVehicles(id) {
      assertId(id);
      return withDeveloper((target) => fetchSubscribedDids(target, id));
    },

    async createWebhook(draft) {
      assertCoolDown(draft.coolDownPeriod);
      return withDeveloper((target) => postWebhook(target, draft));
    },

    async updateWebhook(id, update) {
      assertId(id);
      assertCoolDown(update.coolDownPeriod);
      return withDeveloper((target) => putWebhook(target, id, update));
    },

    async deleteWebhook(id) {
      assertId(id);
      return withDeveloper((target) => deleteWebhook(target, id));
    },

    listTriggerSignals: () => withDeveloper(fetchTriggerSignals),

    async subscribeVehicle(id, tokenId) {
      assertId(id);
      const did = didOf(tokenId);
      return withDeveloper((target) => postSubscription(target, id, did));
    },

    async subscribeVehicles(id, tokenIds) {
      assertId(id);
      const dids = tokenIds.map(didOf);
      return withDeveloper((target) => postSubscriptions(target, id, dids));
    },

    async subscribeAllVehicles(id) {
      assertId(id);
      return withDeveloper((target) => postSubscribeAll(target, id));
    },

    async unsubscribeVehicle(id, tokenId) {
      assertId(id);
      const did = didOf(tokenId);
      return withDeveloper((target) => deleteSubscription(target, id, did));
    },

    async listVehicleWebhooks(tokenId) {
      const did = didOf(tokenId);
      return withDeveloper((target) => fetchVehicleWebhooks(target, did));
    },
  };
}
