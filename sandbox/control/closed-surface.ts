import { type Context, type MiddlewareHandler } from "hono";
import { SANDBOX_CONTROL_HEADER } from "@/lib/demo-license";

/**
 * What keeps web pages away from the control surface (a page the developer visits can send requests to 127.0.0.1):
 *
 * - A request carrying an `Origin` header comes from a browser page (browsers add it to every cross-origin request
 *   and to every POST); tests, benchmarks and the dashboard's server never send one.
 * - `Host` must name this machine, so a DNS name rebound to 127.0.0.1 (DNS rebinding) is refused.
 * - Every call carries SANDBOX_CONTROL_HEADER: a page cannot send a custom header cross-origin without a preflight
 *   (refused above, as it carries an Origin), and a server that posts to a URL someone typed (the dashboard's webhook
 *   test, the Vehicle Triggers verification call) sends only its own headers.
 * - A body must be `application/json`, which a page cannot send cross-origin without a preflight; `text/plain` and
 *   form posts, which it can, are refused.
 */

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;
const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

const refuse = (c: Context, status: 403 | 415, message: string) => c.json({ error: message }, status);

export function closeToWebPages(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.header("origin") !== undefined)
      return refuse(c, 403, "The sandbox control surface refuses requests from web pages (Origin header present).");
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!LOOPBACK_HOST.test(host))
      return refuse(
        c,
        403,
        "The sandbox control surface answers only to a loopback Host (localhost, 127.0.0.1, [::1]).",
      );
    if (c.req.header(SANDBOX_CONTROL_HEADER.name) !== SANDBOX_CONTROL_HEADER.value)
      return refuse(
        c,
        403,
        `The sandbox control surface answers only calls with the header ${SANDBOX_CONTROL_HEADER.name}: ${SANDBOX_CONTROL_HEADER.value}.`,
      );
    if (METHODS_WITH_BODY.has(c.req.method)) {
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json")
        return refuse(c, 415, "The sandbox control surface takes JSON bodies only (Content-Type: application/json).");
    }
    await next();
  };
}
