import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { conditionError } from "@/lib/cel/conditions";
import { privilegeInfo, vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { codeMessage, plainText } from "../../http/responses";
import { InvalidTokenError } from "../../keys/tokens";
import { type WebhookRecord, type WebhookStatus } from "../../store/webhook-records";
import { DuplicateDisplayNameError } from "../../store/webhook-store";
import { formatGoTime } from "../attestation/go-time";
import { decodeErc721Did, type Erc721Did, encodeErc721Did, vehicleTokenId } from "./asset-did";
import { readGoBody } from "./go-json";
import { SIGNAL_CATALOG } from "./signal-catalog";
import { bareSignalName, DEFAULT_PERMISSIONS, signalDefinitionOrDefault } from "./signals";
import { targetUrlRefusal, verificationRefusal } from "./target";

export const VEHICLE_TRIGGERS_PREFIX = "/vehicle-triggers";

/** Thrown inside a handler to answer with the real service's `{message, code}` error. */
class TriggersError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 422 | 500,
    message: string,
  ) {
    super(message);
  }
}

type Env = { Variables: { license: string } };

const UUID = /^(?:urn:uuid:)?\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

/** `Bearer <token>` with the scheme in any case, as gofiber's contrib jwt extracts it. */
function extractToken(header: string | undefined): string | null {
  if (!header || header.length <= "Bearer ".length + 1) return null;
  if (header.slice(0, "Bearer ".length).toLowerCase() !== "bearer ") return null;
  return header.slice("Bearer ".length).trim();
}

function webhookView(webhook: WebhookRecord) {
  return {
    id: webhook.id,
    service: webhook.service,
    metricName: webhook.metricName,
    condition: webhook.condition,
    targetURL: webhook.targetUrl,
    coolDownPeriod: webhook.coolDownPeriod,
    status: webhook.status,
    description: webhook.description,
    createdAt: formatGoTime(webhook.createdAt * 1000),
    updatedAt: formatGoTime(webhook.updatedAt * 1000),
    failureCount: webhook.failureCount,
    displayName: webhook.displayName,
  };
}

/** The permissions a webhook's metric needs on a vehicle, as the real service looks them up. */
function requiredPermissions(webhook: WebhookRecord): readonly string[] {
  return webhook.service === "signals"
    ? signalDefinitionOrDefault(bareSignalName(webhook.metricName), "float64").permissions
    : DEFAULT_PERMISSIONS;
}

/**
 * DIMO's Vehicle Triggers API (DIMO-Network/vehicle-triggers-api): webhooks on a signal or an event under a CEL
 * condition, and the vehicles subscribed to them. Every `/v1` route takes a Developer JWT; checks, their order, the
 * status codes and the words follow the real controllers. Deliveries are the trigger engine's (engine.ts).
 */
export function vehicleTriggersRoutes(ctx: SandboxContext): Hono<Env> {
  const app = new Hono<Env>();
  const store = ctx.webhooks;
  const now = () => ctx.clock.nowMs();
  const profile = ctx.settings.profile ?? "default";

  app.get("/", (c) => c.text("Welcome to the Vehicle Triggers API!"));
  app.get("/health", (c) => c.json({ data: "Server is up and running" }));

  app.use("/v1/*", async (c, next) => {
    const token = extractToken(c.req.header("authorization"));
    if (!token) return plainText(400, "missing or malformed JWT");
    let claims;
    try {
      claims = await ctx.developerTokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return plainText(401, "Invalid or expired JWT");
      throw error;
    }
    const address = typeof claims.ethereum_address === "string" ? claims.ethereum_address : "";
    const license = address ? ctx.licenses.findByClientId(address) : undefined;
    if (!license) return codeMessage(c, 403, "JWT is not from a developer license");
    c.set("license", license.clientId.toLowerCase());
    await next();
  });
  app.onError((error, c) => {
    if (error instanceof TriggersError) return codeMessage(c, error.status, error.message);
    // As the real error handler answers anything it does not know; the stack stays in this log.
    console.error(`sandbox: ${c.req.method} ${c.req.path} failed:`, error);
    return codeMessage(c, 500, "Internal error");
  });

  const webhookIdOf = (c: Context<Env>): string => {
    const id = c.req.param("webhookId") ?? "";
    if (id === "") throw new TriggersError(400, "Webhook ID path parameter can not be empty");
    if (!UUID.test(id)) throw new TriggersError(400, "Invalid webhook id");
    return id;
  };

  const assetDidOf = (c: Context<Env>): Erc721Did => {
    const raw = c.req.param("assetDID") ?? "";
    if (raw === "") throw new TriggersError(400, "Asset DID path parameter can not be empty");
    const decoded = decodeErc721Did(raw);
    if (!decoded.ok) throw new TriggersError(400, `Invalid asset DID format: ${decoded.error}`);
    return decoded.did;
  };

  /** The license's webhook, or 404: another license's webhook is not found either. */
  const ownedWebhook = (c: Context<Env>, id: string): WebhookRecord => {
    const webhook = store.get(id);
    if (!webhook || webhook.license !== c.get("license")) throw new TriggersError(404, "Webhook not found");
    return webhook;
  };

  /** The token exchange's question: does the license's grant of this vehicle hold all these permissions now? */
  const hasPermissions = (license: string, did: Erc721Did, permissions: readonly string[]): boolean => {
    const tokenId = vehicleTokenId(did);
    if (tokenId === null || !ctx.vehicles.get(tokenId)) return false;
    const grant = ctx.vehicles.grant(tokenId, license);
    if (!grant || grant.expiresAt <= now()) return false;
    const held = grant.privileges.map((id) => privilegeInfo(id).permission);
    return permissions.every((permission) => held.includes(permission));
  };

  const readVehicleList = async (c: Context<Env>): Promise<Erc721Did[]> => {
    const body = await readGoBody(c, "webhook.VehicleListRequest", { assetDIDs: "stringList" });
    if (!body.ok) {
      if (body.kind === "unsupportedMediaType") throw new TriggersError(422, "Unprocessable Entity");
      throw new TriggersError(400, "Invalid request body");
    }
    const dids: Erc721Did[] = [];
    for (const text of (body.fields.assetDIDs as (string | null)[] | undefined) ?? []) {
      const decoded = decodeErc721Did(text ?? "");
      if (!decoded.ok) throw new TriggersError(400, "Invalid request body");
      dids.push(decoded.did);
    }
    return dids;
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

  app.get("/v1/webhooks", (c) => c.json(store.ofLicense(c.get("license")).map(webhookView)));

  app.post("/v1/webhooks", async (c) => {
    const body = await readGoBody(c, "webhook.RegisterWebhookRequest", {
      service: "string",
      metricName: "string",
      condition: "string",
      coolDownPeriod: "int",
      description: "string",
      displayName: "string",
      targetURL: "string",
      status: "string",
      verificationToken: "string",
    });
    if (!body.ok) {
      if (body.kind === "unsupportedMediaType") throw new TriggersError(422, "Unprocessable Entity");
      throw new TriggersError(400, "Invalid request payload");
    }
    const field = (name: string) => (body.fields[name] as string | undefined) ?? "";
    const request = {
      service: field("service"),
      metricName: field("metricName"),
      condition: field("condition"),
      coolDownPeriod: (body.fields.coolDownPeriod as number | undefined) ?? 0,
      description: field("description"),
      displayName: field("displayName"),
      targetURL: field("targetURL"),
      status: field("status"),
      verificationToken: field("verificationToken"),
    };
    const target = targetUrlRefusal(request.targetURL, profile);
    if (target) throw new TriggersError(target.status, target.message);
    const conditionRefusal = conditionError(
      request.service,
      request.condition,
      signalDefinitionOrDefault(bareSignalName(request.metricName), "float64").valueType,
    );
    if (conditionRefusal) throw new TriggersError(400, conditionRefusal);
    checkCoolDown(request.coolDownPeriod);
    checkStatus(request.status);
    const verification = await verificationRefusal(request.targetURL, request.verificationToken);
    if (verification) throw new TriggersError(verification.status, verification.message);
    if (request.metricName === "") {
      throw new TriggersError(400, "Invalid request: invalid request metricName is required");
    }

    const id = randomUUID();
    const at = now();
    try {
      store.create({
        id,
        license: c.get("license"),
        service: request.service,
        metricName: request.metricName,
        condition: request.condition,
        targetUrl: request.targetURL,
        coolDownPeriod: request.coolDownPeriod,
        status: request.status as WebhookStatus,
        description: request.description,
        displayName: request.displayName || id,
        failureCount: 0,
        createdAt: at,
        updatedAt: at,
      });
    } catch (error) {
      if (error instanceof DuplicateDisplayNameError) throw new TriggersError(400, error.message);
      throw error;
    }
    return c.json({ id, message: "Webhook registered successfully" }, 201);
  });

  app.get("/v1/webhooks/signals", (c) => c.json(SIGNAL_CATALOG));

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
    const webhook = ownedWebhook(c, webhookIdOf(c));
    return c.json(store.subscriptionsOfWebhook(webhook.id).map((subscription) => subscription.assetDid));
  });

  app.put("/v1/webhooks/:webhookId", async (c) => {
    const id = c.req.param("webhookId");
    // The real handler looks the id up without checking its form; the database refuses a malformed one.
    if (!UUID.test(id)) throw new TriggersError(500, "Error getting trigger");
    const webhook = ownedWebhook(c, id);
    const body = await readGoBody(c, "webhook.UpdateWebhookRequest", {
      condition: "string",
      coolDownPeriod: "int",
      targetURL: "string",
      status: "string",
      description: "string",
      displayName: "string",
    });
    if (!body.ok) {
      if (body.kind === "unsupportedMediaType") throw new TriggersError(422, "Unprocessable Entity");
      throw new TriggersError(400, `Invalid request payload: ${body.message}`);
    }
    const update = body.fields as Partial<{
      condition: string;
      coolDownPeriod: number;
      targetURL: string;
      status: string;
      description: string;
      displayName: string;
    }>;
    const next: WebhookRecord = { ...webhook };
    if (update.targetURL !== undefined) {
      const target = targetUrlRefusal(update.targetURL, profile);
      if (target) throw new TriggersError(target.status, target.message);
      next.targetUrl = update.targetURL;
    }
    if (update.status !== undefined) {
      checkStatus(update.status);
      next.status = update.status as WebhookStatus;
    }
    if (update.condition !== undefined) {
      const valueType = signalDefinitionOrDefault(bareSignalName(webhook.metricName), "float64").valueType;
      const refusal = conditionError(webhook.service, update.condition, valueType);
      if (refusal) throw new TriggersError(400, refusal);
      next.condition = update.condition;
    }
    if (update.coolDownPeriod !== undefined) {
      checkCoolDown(update.coolDownPeriod);
      next.coolDownPeriod = update.coolDownPeriod;
    }
    if (update.description !== undefined) next.description = update.description;
    if (update.displayName !== undefined) next.displayName = update.displayName;
    // The real service resets the failure count on every update, whatever it changes.
    next.failureCount = 0;
    next.updatedAt = now();
    try {
      store.update(next);
    } catch (error) {
      if (error instanceof DuplicateDisplayNameError) throw new TriggersError(400, error.message);
      throw error;
    }
    return c.json({ id: webhook.id, message: "Webhook updated successfully" });
  });

  app.delete("/v1/webhooks/:webhookId", (c) => {
    const webhook = ownedWebhook(c, webhookIdOf(c));
    store.remove(webhook.id);
    return c.json({ message: "Webhook deleted successfully" });
  });

  app.post("/v1/webhooks/:webhookId/subscribe/list", async (c) => {
    const id = webhookIdOf(c);
    const dids = await readVehicleList(c);
    return subscribeMany(c, ownedWebhook(c, id), dids);
  });

  app.post("/v1/webhooks/:webhookId/subscribe/all", (c) => {
    const webhook = ownedWebhook(c, webhookIdOf(c));
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
    const webhook = ownedWebhook(c, id);
    if (!hasPermissions(c.get("license"), did, requiredPermissions(webhook))) {
      throw new TriggersError(403, "Insufficient vehicle permissions");
    }
    if (!store.subscribe(webhook.id, encodeErc721Did(did), now())) throw new TriggersError(400, "Already subscribed");
    return c.json({ message: "Vehicle assigned successfully" }, 201);
  });

  app.delete("/v1/webhooks/:webhookId/unsubscribe/list", async (c) => {
    const webhook = ownedWebhook(c, webhookIdOf(c));
    const dids = await readVehicleList(c);
    for (const did of dids) store.unsubscribe(webhook.id, encodeErc721Did(did));
    return c.json({ message: `Unsubscribed ${dids.length} assets` });
  });

  app.delete("/v1/webhooks/:webhookId/unsubscribe/all", (c) => {
    const webhook = ownedWebhook(c, webhookIdOf(c));
    return c.json({ message: `Unsubscribed ${store.unsubscribeAll(webhook.id)} vehicles` });
  });

  app.delete("/v1/webhooks/:webhookId/unsubscribe/:assetDID", (c) => {
    const id = webhookIdOf(c);
    const did = assetDidOf(c);
    const webhook = ownedWebhook(c, id);
    store.unsubscribe(webhook.id, encodeErc721Did(did));
    return c.json({ message: "Vehicle unsubscribed successfully" });
  });

  return app;
}

function checkCoolDown(coolDownPeriod: number): void {
  if (coolDownPeriod < 0) throw new TriggersError(400, "Cool down period must be greater than or equal to 0");
}

function checkStatus(status: string): void {
  if (status !== "enabled" && status !== "disabled") {
    throw new TriggersError(400, `Invalid status, must be 'enabled' or 'disabled', got '${status}'`);
  }
}
