import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type SandboxContext } from "../context";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { readJsonBody } from "../http/requests";
import { vehicleTriggersControlRoutes } from "../services/vehicle-triggers/control";
import { creditTrackerControlRoutes } from "../services/credit-tracker/control";
import { closeToWebPages } from "./closed-surface";
import { faultInputSchema } from "./faults";
import { isLoopbackAddress } from "./loopback";

export const CONTROL_PREFIX = "/__sandbox";

function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Not served by a Node socket (no remote address to check): treat as remote.
    return undefined;
  }
}

const clockChangeSchema = z
  .object({ advanceSeconds: z.number().finite().optional(), freeze: z.boolean().optional() })
  .strict()
  .refine((change) => change.advanceSeconds !== undefined || change.freeze !== undefined);

const chainTimeSchema = z
  .object({
    advanceSeconds: z
      .number()
      .int()
      .nonnegative()
      .max(100 * 365 * 86_400),
  })
  .strict();

const badRequest = (c: Context, message: string) => c.json({ error: message }, 400);

/** The control surface for tests, demos and benchmarks. Loopback callers only. */
export function controlRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    if (!isLoopbackAddress(remoteAddress(c)))
      return c.json({ error: "The sandbox control surface answers loopback callers only." }, 403);
    await next();
  });
  app.use("*", closeToWebPages());

  app.get("/demo", (c) =>
    c.json({
      clientId: DEMO_LICENSE.clientId,
      redirectUri: DEMO_LICENSE.redirectUri,
      apiKey: DEMO_LICENSE.apiKey,
      apiKeySigner: DEMO_LICENSE.apiKeySigner,
      owner: DEMO_OWNER,
      licenseTokenId: DEMO_LICENSE.tokenId,
    }),
  );

  app.get("/stats", (c) => c.json(ctx.stats.snapshot()));
  app.delete("/stats", (c) => {
    ctx.stats.reset();
    return c.json(ctx.stats.snapshot());
  });

  app.get("/clock", (c) => c.json(ctx.clock.snapshot()));
  app.post("/clock", async (c) => {
    const body = await readJsonBody(c);
    const parsed = body.ok ? clockChangeSchema.safeParse(body.value) : undefined;
    if (!parsed?.success)
      return badRequest(c, 'Send {"advanceSeconds": <a finite number>} and/or {"freeze": true|false}.');
    if (parsed.data.freeze !== undefined) ctx.clock.freeze(parsed.data.freeze);
    if (parsed.data.advanceSeconds !== undefined) ctx.clock.advance(parsed.data.advanceSeconds);
    // The live vehicles follow at once: their drives before the answer, what they sent soon after.
    ctx.live.tickLogged();
    return c.json(ctx.clock.snapshot());
  });
  app.delete("/clock", (c) => {
    ctx.clock.reset();
    ctx.live.tickLogged();
    return c.json(ctx.clock.snapshot());
  });

  // The chain's clock moves only here: a block mined the given seconds later, so a signer can expire in a test.
  app.post("/chain/time", async (c) => {
    const body = await readJsonBody(c);
    const parsed = body.ok ? chainTimeSchema.safeParse(body.value) : undefined;
    if (!parsed?.success) return badRequest(c, 'Send {"advanceSeconds": <a whole number of seconds, 0 or more>}.');
    const timestamp = await ctx.chain.advanceTime(parsed.data.advanceSeconds);
    return c.json({ blockTime: new Date(timestamp * 1000).toISOString() });
  });
  // Back to the seeded chain alone (its clock, the license's name, URIs and signers), the rest of the sandbox kept.
  app.delete("/chain", async (c) => {
    await ctx.chain.reset();
    return c.json({ reset: true });
  });

  app.get("/live", (c) => c.json(ctx.live.status()));

  app.get("/faults", (c) => c.json({ faults: ctx.faults.list() }));
  app.post("/faults", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return badRequest(c, "The body must be JSON.");
    const parsed = faultInputSchema.safeParse(body.value);
    if (!parsed.success)
      return badRequest(c, parsed.error.issues.map((i) => `${i.path.join(".") || "fault"}: ${i.message}`).join("; "));
    return c.json({ id: ctx.faults.add(parsed.data).id });
  });
  app.delete("/faults", (c) => c.json({ cleared: ctx.faults.clear() }));
  app.delete("/faults/:id", (c) =>
    ctx.faults.remove(c.req.param("id")) ? c.json({ cleared: 1 }) : c.json({ error: "No such fault." }, 404),
  );

  // Webhooks: POST /signals, POST /events, GET /deliveries.
  app.route("/", vehicleTriggersControlRoutes(ctx));
  app.route("/", creditTrackerControlRoutes(ctx));

  app.post("/reset", async (c) => {
    await ctx.reset();
    return c.json({ reset: true, clock: ctx.clock.snapshot() });
  });

  return app;
}
