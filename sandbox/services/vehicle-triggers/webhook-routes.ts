import { randomUUID } from "node:crypto";
import { type Hono } from "hono";
import { conditionError } from "@/lib/cel/conditions";
import { type WebhookRecord, type WebhookStatus } from "../../store/webhook-records";
import { DuplicateDisplayNameError } from "../../store/webhook-store";
import { formatGoTime } from "../attestation/go-time";
import { readGoBody } from "./go-json";
import { type Env, TriggersError, UUID, checkCoolDown, checkStatus, ownedWebhook, webhookIdOf } from "./request-checks";
import { type TriggersRouteContext } from "./route-context";
import { SIGNAL_CATALOG } from "./signal-catalog";
import { bareSignalName, signalDefinitionOrDefault } from "./signals";
import { targetUrlRefusal, verificationRefusal } from "./target";

/** The Vehicle Triggers API's webhooks: list, register, update and delete them, and the signals they may watch. */

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

/** GET and POST `/v1/webhooks`, GET `/v1/webhooks/signals`. */
export function registerWebhookRoutes(app: Hono<Env>, { store, now, profile }: TriggersRouteContext): void {
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
}

/** PUT and DELETE `/v1/webhooks/:webhookId`. */
export function registerWebhookChangeRoutes(app: Hono<Env>, { store, now, profile }: TriggersRouteContext): void {
  app.put("/v1/webhooks/:webhookId", async (c) => {
    const id = c.req.param("webhookId");
    // The real handler looks the id up without checking its form; the database refuses a malformed one.
    if (!UUID.test(id)) throw new TriggersError(500, "Error getting trigger");
    const webhook = ownedWebhook(c, store, id);
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
    const webhook = ownedWebhook(c, store, webhookIdOf(c));
    store.remove(webhook.id);
    return c.json({ message: "Webhook deleted successfully" });
  });
}
