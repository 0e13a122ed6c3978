import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, type MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { type ContentfulStatusCode } from "hono/utils/http-status";
import { type SandboxContext } from "../context";
import { CONTROL_PREFIX } from "../control/routes";
import { type RateLimitedService } from "../control/rate-limit";
import { bearerToken } from "./requests";

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

/** Applies the first matching injected fault: a delay, a replacement response, or both. */
export function injectFaults(ctx: SandboxContext): MiddlewareHandler {
  return async (c, next) => {
    const fault = isControlPath(c.req.path) ? undefined : ctx.faults.take(c.req.method, c.req.path);
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

function rateLimitedService(path: string): RateLimitedService | null {
  if (path.startsWith("/trips/")) return "trips";
  if (path.startsWith("/valuations/")) return "valuations";
  if (path.startsWith("/token-exchange/v1/")) return "token-exchange";
  return null;
}

/** Requests per second per bearer token, as the real services limit them (only when enabled). */
export function limitRate(ctx: SandboxContext): MiddlewareHandler {
  return async (c, next) => {
    const service = ctx.settings.rateLimit ? rateLimitedService(c.req.path) : null;
    if (!service) return next();
    let key = bearerToken(c.req.header("authorization"));
    if (!key) {
      try {
        key = `anonymous ${getConnInfo(c).remote.address ?? ""}`;
      } catch {
        key = "anonymous";
      }
    }
    const retryAfter = ctx.rateLimiter.hit(service, key);
    if (retryAfter === null) return next();
    return c.json({ code: 429, message: "Too Many Requests" }, 429, { "Retry-After": String(retryAfter) });
  };
}
