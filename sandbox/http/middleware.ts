import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, type MiddlewareHandler } from "hono";
import { decodeJwt } from "jose";
import { matchedRoutes } from "hono/route";
import { type ContentfulStatusCode } from "hono/utils/http-status";
import { type SandboxContext } from "../context";
import { CONTROL_PREFIX } from "../control/routes";
import { type RateLimitedService } from "../control/rate-limit";
import { topLevelFields } from "../graphql/top-level-fields";
import { bearerToken, readJsonBody } from "./requests";

const isControlPath = (path: string) => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);

/** The route pattern a request matched ("/trips/v1/vehicle/:tokenId/trips"), skipping wildcard middleware. */
function routePattern(c: Context): string {
  const route = matchedRoutes(c).find((r) => !r.path.endsWith("*"));
  return route?.path ?? "(no route)";
}

/** Counts every service request before anything can fail or be faulted. */
export function countRequests(ctx: SandboxContext): MiddlewareHandler {
  return async (c, next) => {
    if (!isControlPath(c.req.path)) ctx.stats.record(c.req.method, routePattern(c), c.req.path);
    await next();
  };
}

async function readJsonValue(c: Context): Promise<unknown> {
  const body = await readJsonBody(c);
  return body.ok ? body.value : undefined;
}

/** Applies the first matching injected fault: a delay, a replacement response, or both. */
export function injectFaults(ctx: SandboxContext): MiddlewareHandler {
  return async (c, next) => {
    if (isControlPath(c.req.path)) return next();
    // The body is read (and kept for the handler) only when a fault waits on a GraphQL field.
    const fields = ctx.faults.needsGraphqlFields(c.req.method, c.req.path)
      ? topLevelFields(await readJsonValue(c))
      : [];
    const fault = ctx.faults.take(c.req.method, c.req.path, fields);
    if (!fault) return next();
    if (fault.latencyMs) await ctx.delays.wait(fault.latencyMs);
    if (fault.status === undefined) return next();
    const headers: Record<string, string> = fault.headers ?? (fault.status === 429 ? { "Retry-After": "1" } : {});
    const status = fault.status as ContentfulStatusCode;
    if (fault.body === undefined) return c.body(null, status, headers);
    if (typeof fault.body === "string") return c.text(fault.body, status, headers);
    return c.json(fault.body, status, headers);
  };
}

function rateLimitedService(path: string, realistic: boolean): RateLimitedService | null {
  if (path.startsWith("/trips/")) return "trips";
  if (path.startsWith("/valuations/")) return "valuations";
  if (path.startsWith("/token-exchange/v1/")) return "token-exchange";
  if (realistic && path.startsWith("/identity/")) return "identity";
  if (realistic && path.startsWith("/telemetry/")) return "telemetry";
  return null;
}

function remoteAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "";
  } catch {
    return "";
  }
}

/** A claim of a JWT read without checking it, as an ingress that knows nothing of the keys would. */
function unverifiedClaim(token: string | null, claim: "aud" | "sub"): string | null {
  if (!token) return null;
  try {
    const value = decodeJwt(token)[claim];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === "string" && first !== "" ? first.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Who the limit applies to. `--rate-limit`: the bearer token. Realistic: the client, meaning the Developer License,
 * read from the Developer JWT's `aud` at the exchange and from the Vehicle JWT's `sub` at trips and valuations; the
 * identity API has no token, so there it is the remote address (as it is for a request without a usable token).
 */
function rateLimitKey(c: Context, service: RateLimitedService, realistic: boolean): string {
  const token = bearerToken(c.req.header("authorization"));
  if (!realistic) return token ?? `anonymous ${remoteAddress(c)}`;
  const client =
    service === "token-exchange"
      ? unverifiedClaim(token, "aud")
      : service === "identity"
        ? null
        : unverifiedClaim(token, "sub");
  return client ? `client ${client}` : `address ${remoteAddress(c)}`;
}

/** What an nginx ingress answers when it sheds load: a small HTML page. */
function ingressPage(status: 429 | 503): string {
  const title = status === 429 ? "429 Too Many Requests" : "503 Service Temporarily Unavailable";
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/**
 * Requests per second per client, as the real network limits them: with `--rate-limit`, 429 with Retry-After; in the
 * realistic profile, 429 or 503 in turn, as the ingress's HTML page and without Retry-After. Every refusal is counted
 * in the stats.
 */
export function limitRate(ctx: SandboxContext): MiddlewareHandler {
  return async (c, next) => {
    const realistic = ctx.settings.profile === "realistic";
    const service = realistic || ctx.settings.rateLimit ? rateLimitedService(c.req.path, realistic) : null;
    if (!service) return next();
    const retryAfter = ctx.rateLimiter.hit(service, rateLimitKey(c, service, realistic), ctx.clock.nowMs());
    if (retryAfter === null) return next();
    ctx.stats.recordRefusal(c.req.method, routePattern(c));
    if (!realistic)
      return c.json({ code: 429, message: "Too Many Requests" }, 429, { "Retry-After": String(retryAfter) });
    const status = ctx.rateLimiter.nextRefusalStatus();
    return c.html(ingressPage(status), status);
  };
}
