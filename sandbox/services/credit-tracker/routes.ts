import { type Context, Hono } from "hono";
import { type SandboxContext } from "../../context";
import { bearerToken } from "../../http/requests";
import { codeMessage, plainText } from "../../http/responses";
import { InvalidTokenError } from "../../keys/tokens";

export const CREDIT_TRACKER_PREFIX = "/credit-tracker";

/** Go's time.Parse(time.RFC3339, ...): a full date and time with an offset, optional fractional seconds. */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

interface ParsedTime {
  ms: number;
  /** As Go writes the parsed time back in JSON (RFC 3339 with its fraction trimmed of trailing zeros). */
  text: string;
}

function parseRfc3339(text: string): ParsedTime | null {
  const match = RFC3339.exec(text);
  if (!match) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const fraction = (match[7] ?? "").replace(/0+$/, "");
  const written = text.replace(/\.\d+/, fraction === "." ? "" : fraction);
  return { ms, text: written };
}

/** Go's zero time, as a report without `toDate` writes it. */
const ZERO_TIME = "0001-01-01T00:00:00Z";

type Env = { Variables: { address: string } };

/** The real handlers' checks in their order: the license, `fromDate`, `toDate`, then the report's own (a 500). */
function readRange(
  c: Context<Env>,
  ctx: SandboxContext,
  fromRequired: boolean,
  failure: string,
): { ok: true; from: ParsedTime; to: ParsedTime | null } | { ok: false; response: Response } {
  const fail = (status: 400 | 401 | 500, message: string) => ({
    ok: false as const,
    response: codeMessage(c, status, message),
  });
  // Compared as strings, as the real handler compares them: the case of the address matters.
  const address = c.get("address");
  if (address === "" || address !== c.req.param("licenseId")) return fail(401, "Unauthorized license does not match");
  const fromText = c.req.query("fromDate") ?? "";
  const toText = c.req.query("toDate") ?? "";
  if (fromRequired && fromText === "") return fail(400, "fromDate is required");
  const from = parseRfc3339(fromText);
  if (!from) return fail(400, "Invalid fromDate");
  let to: ParsedTime | null = null;
  if (toText !== "") {
    to = parseRfc3339(toText);
    if (!to) return fail(400, "Invalid toDate");
  }
  if ((to && from.ms > to.ms) || from.ms > ctx.clock.nowMs()) return fail(500, failure);
  return { ok: true, from, to };
}

/**
 * DIMO's credit tracker's HTTP reports (docs/swagger.yaml at 4cc9b9a): a license's usage and one vehicle's, over a
 * range, with a Developer JWT whose `ethereum_address` is the license id exactly. Errors are `{message, code}`; the
 * JWT middleware's own are plain text.
 */
export function creditTrackerRoutes(ctx: SandboxContext): Hono<Env> {
  const app = new Hono<Env>();

  app.use("/v1/*", async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) return plainText(400, "missing or malformed JWT");
    let claims;
    try {
      claims = await ctx.developerTokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return plainText(401, "Invalid or expired JWT");
      throw error;
    }
    c.set("address", typeof claims.ethereum_address === "string" ? claims.ethereum_address : "");
    await next();
  });

  app.get("/v1/credits/:licenseId/usage", (c) => {
    const licenseId = c.req.param("licenseId");
    const range = readRange(c, ctx, true, "Failed to get license usage report");
    if (!range.ok) return range.response;
    const usage = ctx.credits.licenseUsage(licenseId, range.from.ms, range.to?.ms ?? null);
    return c.json({
      licenseId,
      fromDate: range.from.text,
      toDate: range.to?.text ?? ZERO_TIME,
      ...usage,
    });
  });

  app.get("/v1/credits/:licenseId/assets/:assetId/usage", (c) => {
    const licenseId = c.req.param("licenseId");
    const range = readRange(c, ctx, false, "Failed to get asset usage report");
    if (!range.ok) return range.response;
    // The path parameter arrives decoded once, as the real handler's unescaping leaves it.
    const assetDid = c.req.param("assetId");
    const usage = ctx.credits.assetUsage(licenseId, assetDid, range.from.ms, range.to?.ms ?? null);
    return c.json({
      licenseId,
      assetDid,
      fromDate: range.from.text,
      toDate: range.to?.text ?? ZERO_TIME,
      numOfCreditsUsed: usage.numOfCreditsUsed,
      numOfCreditsGrantsPurchased: usage.numOfCreditsGrantsPurchased,
      currentCreditsRemaining: usage.currentCreditsRemaining,
    });
  });

  return app;
}
