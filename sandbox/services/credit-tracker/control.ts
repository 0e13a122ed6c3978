import { type Context, Hono } from "hono";
import { z } from "zod";
import { vehicleDid } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { type SandboxContext } from "../../context";
import { readJsonBody } from "../../http/requests";

const addCreditsSchema = z
  .object({
    tokenId: z.number().int().positive(),
    amount: z.number().int().positive().max(1_000_000_000),
    /** The license the credits are for; the demo license by default. */
    licenseId: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
  })
  .strict();

/**
 * The control surface's part for credits: `POST /credits` adds a grant to a vehicle, as a DCX burn confirmed on chain
 * would; `PUT /credits` ends its grants and gives it one of `amount` (a known balance for a test). Both answer the
 * vehicle's balance after.
 */
export function creditTrackerControlRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  const grant = (replace: boolean) => async (c: Context) => {
    const body = await readJsonBody(c);
    const parsed = body.ok ? addCreditsSchema.safeParse(body.value) : undefined;
    if (!parsed?.success) {
      return c.json({ error: 'Send {"tokenId": <a vehicle>, "amount": <credits>, "licenseId"?: "0x..."}.' }, 400);
    }
    const license = parsed.data.licenseId ?? DEMO_LICENSE.clientId;
    const assetDid = vehicleDid(parsed.data.tokenId);
    if (replace) ctx.credits.replaceGrants(license, assetDid, parsed.data.amount);
    else ctx.credits.confirmGrant(license, assetDid, parsed.data.amount);
    return c.json({ licenseId: license, assetDid, currentCreditsRemaining: ctx.credits.balance(license, assetDid) });
  };
  app.post("/credits", grant(false));
  app.put("/credits", grant(true));
  return app;
}
