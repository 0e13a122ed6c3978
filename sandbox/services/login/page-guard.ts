import { type MiddlewareHandler } from "hono";
import { isLoopbackAddress } from "../../control/loopback";

/** Where the sandbox listens: the address it was told to bind and the port it got. */
export interface ListeningAddress {
  host: string;
  port: number;
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
/** A Host header: a name or a bracketed IPv6 address, then an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i;
const READS = new Set(["GET", "HEAD"]);

const REFUSAL_HEADERS = { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" };

const isLoopbackName = (name: string) =>
  name.toLowerCase() === "localhost" || isLoopbackAddress(name.replace(/^\[(.*)\]$/, "$1"));

/**
 * Keeps the login page to this machine. A page on another site whose name is rebound to 127.0.0.1 (DNS rebinding) is
 * same-origin with the sandbox to the browser, so it could read the page and post its forms, writing and revoking
 * grants: every request must name a loopback Host on the sandbox's own port, and a post that carries an `Origin`
 * (browsers send one on every form post) must come from one of the sandbox's own origins, listed once at start from
 * the address it listens on and never built from the request.
 */
export function guardLoginPage({ host, port }: ListeningAddress): MiddlewareHandler {
  const names = isLoopbackName(host) ? [...LOOPBACK_NAMES, host.includes(":") ? `[${host}]` : host] : LOOPBACK_NAMES;
  const ownOrigins = new Set(names.map((name) => new URL(`http://${name}:${port}`).origin));
  const shownOrigins = [...ownOrigins].join(", ");

  return async (c, next) => {
    const match = HOST_HEADER.exec(c.req.header("host") ?? "");
    const name = match?.[1];
    const hostPort = match?.[2] === undefined ? 80 : Number(match[2]);
    if (!name || !isLoopbackName(name) || hostPort !== port)
      return c.text(
        `Refused: this page answers only at localhost, 127.0.0.1 or [::1] on port ${port}, and the Host header names another address.`,
        403,
        REFUSAL_HEADERS,
      );
    const origin = c.req.header("origin");
    if (!READS.has(c.req.method) && origin !== undefined && !ownOrigins.has(origin))
      return c.text(
        `Refused: this form may be posted only from the sandbox's own page (${shownOrigins}), and the Origin header names another.`,
        403,
        REFUSAL_HEADERS,
      );
    await next();
  };
}
