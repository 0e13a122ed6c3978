import { type Context, type Hono } from "hono";
import { privilegeInfo, vehicleDid } from "@/lib/protocol";
import { type WebhookRecord } from "../../store/webhook-records";
import { formatGoTime } from "../attestation/go-time";
import { decodeErc721Did, type Erc721Did, encodeErc721Did, vehicleTokenId } from "./asset-did";
import { type Env, TriggersError, assetDidOf, ownedWebhook, readVehicleList, webhookIdOf } from "./request-checks";
import { type TriggersRouteContext } from "./route-context";
import { bareSignalName, DEFAULT_PERMISSIONS, signalDefinitionOrDefault } from "./signals";

/**
 * The Vehicle Triggers API's subscriptions: which vehicles a webhook watches and which webhooks watch a vehicle,
 * subscribing (one vehicle, a list, or every vehicle shared with the license, each only with the permissions the
 * webhook's metric needs) and unsubscribing.
 */

/** The permissions a webhook's metric needs on a vehicle, as the real service looks them up. */
function requiredPermissions(webhook: WebhookRecord): readonly string[] {
  return webhook.service === "signals"
    ? signalDefinitionOrDefault(bareSignalName(webhook.metricName), "float64").permissions
    : DEFAULT_PERMISSIONS;
}

/** GET `/v1/webhooks/vehicles/:assetDID` and GET `/v1/webhooks/:webhookId`: the subscriptions of one side. */
export function registerSubscriptionReads(app: Hono<Env>, { store }: TriggersRouteContext): void {
  app.get("/v1/webhooks/vehicles/:assetDID", (c) => {
    const did = encodeErc721Did(assetDidOf(c));
    const license = c.get("license");
    return c.json(
      store.subscriptionsOfVehicle(did, license).map((subscription) => ({
        webhookId: subscription.webhookId,
        assetDid: subscription.assetDid,
        createdAt: formatGoTime(subscription.createdAt * 1000),
        description: store.get(subscription.webhookId)?.description ?? "",
      })),
    );
  });

  app.get("/v1/webhooks/:webhookId", (c) => {
    const webhook = ownedWebhook(c, store, webhookIdOf(c));
    return c.json(store.subscriptionsOfWebhook(webhook.id).map((subscription) => subscription.assetDid));
  });
}

/** The subscribe and unsubscribe routes under `/v1/webhooks/:webhookId`. */
export function registerSubscriptionChanges(app: Hono<Env>, { ctx, store, now }: TriggersRouteContext): void {
  /** The token exchange's question: does the license's grant of this vehicle hold all these permissions now? */
  const hasPermissions = (license: string, did: Erc721Did, permissions: readonly string[]): boolean => {
    const tokenId = vehicleTokenId(did);
    if (tokenId === null || !ctx.vehicles.get(tokenId)) return false;
    const grant = ctx.vehicles.grant(tokenId, license);
    if (!grant || grant.expiresAt <= now()) return false;
    const held = grant.privileges.map((id) => privilegeInfo(id).permission);
    return permissions.every((permission) => held.includes(permission));
  };

  const subscribeMany = (c: Context<Env>, webhook: WebhookRecord, dids: readonly Erc721Did[]) => {
    const permissions = requiredPermissions(webhook);
    for (const did of dids) {
      if (!hasPermissions(c.get("license"), did, permissions)) {
        throw new TriggersError(403, `Insufficient permissions for asset ${encodeErc721Did(did)}`);
      }
    }
    const failed = dids
      .filter((did) => !store.subscribe(webhook.id, encodeErc721Did(did), now()))
      .map((did) => ({ assetDid: encodeErc721Did(did), message: "Already subscribed" }));
    if (failed.length > 0) return c.json({ failedSubscriptions: failed });
    return c.json({ message: `Subscribed ${dids.length} assets` });
  };

  app.post("/v1/webhooks/:webhookId/subscribe/list", async (c) => {
    const id = webhookIdOf(c);
    const dids = await readVehicleList(c);
    return subscribeMany(c, ownedWebhook(c, store, id), dids);
  });

  app.post("/v1/webhooks/:webhookId/subscribe/all", (c) => {
    const webhook = ownedWebhook(c, store, webhookIdOf(c));
    // The identity API's vehicles shared with the license: every unexpired grant, newest token first.
    const shared = [...ctx.vehicles.grantedTokenIds(c.get("license"), now())].sort((a, b) => b - a);
    const dids = shared.flatMap((tokenId) => {
      const decoded = decodeErc721Did(vehicleDid(tokenId));
      return decoded.ok ? [decoded.did] : [];
    });
    return subscribeMany(c, webhook, dids);
  });

  app.post("/v1/webhooks/:webhookId/subscribe/:assetDID", (c) => {
    const id = webhookIdOf(c);
    const did = assetDidOf(c);
    const webhook = ownedWebhook(c, store, id);
    if (!hasPermissions(c.get("license"), did, requiredPermissions(webhook))) {
      throw new TriggersError(403, "Insufficient vehicle permissions");
    }
    if (!store.subscribe(webhook.id, encodeErc721Did(did), now())) throw new TriggersError(400, "Already subscribed");
    return c.json({ message: "Vehicle assigned successfully" }, 201);
  });

  app.delete("/v1/webhooks/:webhookId/unsubscribe/list", async (c) => {
    const webhook = ownedWebhook(c, store, webhookIdOf(c));
    const dids = await readVehicleList(c);
    for (const did of dids) store.unsubscribe(webhook.id, encodeErc721Did(did));
    return c.json({ message: `Unsubscribed ${dids.length} assets` });
  });

  app.delete("/v1/webhooks/:webhookId/unsubscribe/all", (c) => {
    const webhook = ownedWebhook(c, store, webhookIdOf(c));
    return c.json({ message: `Unsubscribed ${store.unsubscribeAll(webhook.id)} vehicles` });
  });

  app.delete("/v1/webhooks/:webhookId/unsubscribe/:assetDID", (c) => {
    const id = webhookIdOf(c);
    const did = assetDidOf(c);
    const webhook = ownedWebhook(c, store, id);
    store.unsubscribe(webhook.id, encodeErc721Did(did));
    return c.json({ message: "Vehicle unsubscribed successfully" });
  });
}
