import { Hono } from "hono";
import { type SandboxContext } from "../../context";
import { codeMessage, plainText } from "../../http/responses";
import { InvalidTokenError } from "../../keys/tokens";
import { type Env, TriggersError, extractToken } from "./request-checks";
import { type TriggersRouteContext } from "./route-context";
import { registerSubscriptionChanges, registerSubscriptionReads } from "./subscription-routes";
import { registerWebhookChangeRoutes, registerWebhookRoutes } from "./webhook-routes";

export const VEHICLE_TRIGGERS_PREFIX = "/vehicle-triggers";

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
    const license = address ? await ctx.licenses.findByClientId(address) : undefined;
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

  const routes: TriggersRouteContext = { ctx, store, now, profile };
  // `/v1/webhooks/signals` and `/v1/webhooks/vehicles/:assetDID` go before `/v1/webhooks/:webhookId`, so that a
  // static path is never read as a webhook id.
  registerWebhookRoutes(app, routes);
  registerSubscriptionReads(app, routes);
  registerWebhookChangeRoutes(app, routes);
  registerSubscriptionChanges(app, routes);
  return app;
}
