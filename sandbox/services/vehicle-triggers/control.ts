import { type Context, Hono } from "hono";
import { z } from "zod";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { readJsonBody } from "../../http/requests";
import { type DeliveryRecord } from "../../store/webhook-records";
import { type Outcome } from "./engine";
import { VSS_PREFIX } from "./signals";

/**
 * The control surface's part for webhooks: inject a signal sample or an event for a vehicle, evaluated at once
 * against the webhooks that watch it (the answer comes when every resulting delivery has finished), and list the
 * deliveries made.
 */

const timestampSchema = z.union([z.number().finite(), z.string().datetime({ offset: true })]).optional();

const signalSchema = z
  .object({
    tokenId: z.number().int().positive(),
    name: z.string().min(1),
    value: z.union([
      z.number().finite(),
      z.string(),
      z.object({ latitude: z.number().finite(), longitude: z.number().finite(), hdop: z.number().finite().optional() }),
    ]),
    timestamp: timestampSchema,
    source: z.string().optional(),
  })
  .strict();

const eventSchema = z
  .object({
    tokenId: z.number().int().positive(),
    name: z.string().min(1),
    durationNs: z.number().int().nonnegative().optional(),
    metadata: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    timestamp: timestampSchema,
    source: z.string().optional(),
  })
  .strict();

const issues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");

const toEpochMs = (timestamp: number | string | undefined, nowMs: number) =>
  timestamp === undefined ? nowMs : typeof timestamp === "number" ? timestamp : Date.parse(timestamp);

function deliveryView(delivery: DeliveryRecord) {
  return {
    id: delivery.id,
    webhookId: delivery.webhookId,
    assetDID: delivery.assetDid,
    tokenId: delivery.tokenId,
    service: delivery.service,
    metricName: delivery.metricName,
    targetURL: delivery.targetUrl,
    status: delivery.status,
    httpStatus: delivery.httpStatus,
    error: delivery.error,
    sentAt: new Date(delivery.sentAt).toISOString(),
    durationMs: delivery.durationMs,
    event: JSON.parse(delivery.event) as unknown,
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

/** `?outcomes=counts` answers how many webhooks ended each way instead of one entry per webhook (for load). */
function outcomeAnswer(c: Context, outcomes: readonly Outcome[]) {
  if (c.req.query("outcomes") !== "counts") return { outcomes };
  const counts: Partial<Record<Outcome["outcome"], number>> = {};
  for (const { outcome } of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return { counts };
}

export function vehicleTriggersControlRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  const badRequest = (c: Context, message: string) => c.json({ error: message }, 400);
  const unknownVehicle = (c: Context, tokenId: number) =>
    c.json({ error: `No seeded vehicle has token id ${tokenId}.` }, 404);

  app.post("/signals", async (c) => {
    const body = await readJsonBody(c);
    const parsed = body.ok ? signalSchema.safeParse(body.value) : undefined;
    if (!parsed?.success) {
      return badRequest(c, parsed ? issues(parsed.error) : 'Send {"tokenId", "name", "value", "timestamp"?} as JSON.');
    }
    const { tokenId, name, value, timestamp, source } = parsed.data;
    if (!ctx.vehicles.get(tokenId)) return unknownVehicle(c, tokenId);
    const bare = name.startsWith(VSS_PREFIX) ? name.slice(VSS_PREFIX.length) : name;
    const outcomes = await ctx.vehicleTriggers.ingestSignal({
      tokenId,
      name: bare,
      value:
        typeof value === "object"
          ? { latitude: value.latitude, longitude: value.longitude, hdop: value.hdop ?? 0 }
          : value,
      timestamp: toEpochMs(timestamp, ctx.clock.nowMs()),
      ...(source === undefined ? {} : { source }),
    });
    return c.json({ assetDID: vehicleDid(tokenId), metricName: `${VSS_PREFIX}${bare}`, ...outcomeAnswer(c, outcomes) });
  });

  app.post("/events", async (c) => {
    const body = await readJsonBody(c);
    const parsed = body.ok ? eventSchema.safeParse(body.value) : undefined;
    if (!parsed?.success) {
      return badRequest(
        c,
        parsed ? issues(parsed.error) : 'Send {"tokenId", "name", "durationNs"?, "metadata"?} as JSON.',
      );
    }
    const { tokenId, name, durationNs, metadata, timestamp, source } = parsed.data;
    if (!ctx.vehicles.get(tokenId)) return unknownVehicle(c, tokenId);
    const outcomes = await ctx.vehicleTriggers.ingestEvent({
      tokenId,
      name,
      durationNs: durationNs ?? 0,
      metadata: metadata === undefined ? "" : typeof metadata === "string" ? metadata : JSON.stringify(metadata),
      timestamp: toEpochMs(timestamp, ctx.clock.nowMs()),
      ...(source === undefined ? {} : { source }),
    });
    return c.json({ assetDID: vehicleDid(tokenId), metricName: name, ...outcomeAnswer(c, outcomes) });
  });

  app.get("/deliveries", (c) => {
    const webhookId = c.req.query("webhookId");
    const limit = Number(c.req.query("limit") ?? 1000);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) return badRequest(c, "limit: 1 to 10000");
    const deliveries = ctx.webhooks.deliveries({ ...(webhookId ? { webhookId } : {}), limit });
    return c.json({ deliveries: deliveries.map(deliveryView) });
  });

  return app;
}
