import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from "node:http";

/**
 * A small load balancer for tests and benchmarks: each request goes to the next dashboard in turn, as a round-robin
 * balancer in front of several instances would send it. A request may be pinned to one instance instead, by a rule on
 * its path or by an `x-fleet-instance: <index>` header (a browser page pinned with setExtraHTTPHeaders), so a test can
 * say which instance serves what. It adds the client's address to X-Forwarded-For, as a proxy does, and logs where each
 * request went.
 */

export const INSTANCE_HEADER = "x-fleet-instance";

export interface ProxyOptions {
  port: number;
  targets: readonly string[];
  /** The instance (index into targets) that must serve a path; undefined lets round-robin choose. */
  pin?: (path: string, method: string) => number | undefined;
}

export interface RoundRobinProxy {
  url: string;
  /** Each request's method, path and the instance that served it, in order. */
  served: { method: string; path: string; instance: number }[];
  /** Requests the proxy could not forward (answered 502 or cut short). */
  failures: string[];
  stop(): Promise<void>;
}

export async function startRoundRobinProxy({ port, targets, pin }: ProxyOptions): Promise<RoundRobinProxy> {
  const served: RoundRobinProxy["served"] = [];
  const failures: string[] = [];
  let turn = 0;

  const choose = (request: IncomingMessage): number => {
    const path = request.url ?? "/";
    const method = request.method ?? "GET";
    const header = Number(request.headers[INSTANCE_HEADER]);
    if (Number.isInteger(header) && header >= 0 && header < targets.length) return header;
    const pinned = pin?.(path, method);
    if (pinned !== undefined) return pinned;
    turn = (turn + 1) % targets.length;
    return turn;
  };

  const forward = (request: IncomingMessage, response: ServerResponse) => {
    const instance = choose(request);
    const target = new URL(targets[instance] ?? "");
    served.push({ method: request.method ?? "GET", path: request.url ?? "/", instance });
    const headers: Record<string, string | string[] | undefined> = { ...request.headers };
    delete headers[INSTANCE_HEADER];
    // Appended, as proxies do: a load generator that says which client it plays (the first entry) keeps saying so.
    const socket = request.socket.remoteAddress ?? "127.0.0.1";
    const forwarded = request.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${String(forwarded)}, ${socket}` : socket;
    const method = request.method ?? "GET";
    const bodiless = method === "GET" || method === "HEAD";
    let current: ReturnType<typeof httpRequest> | undefined;
    const send = (attempt: number) => {
      const upstream = httpRequest(
        { hostname: target.hostname, port: target.port, path: request.url, method, headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      current = upstream;
      upstream.on("error", () => {
        // A kept-alive connection the dashboard closed just as it was reused: a balancer sends a GET again, once.
        if (!response.headersSent && bodiless && attempt === 0) return send(1);
        failures.push(`${method} ${request.url ?? "/"}`);
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      if (bodiless) upstream.end();
      else request.pipe(upstream);
    };
    response.on("close", () => current?.destroy());
    send(0);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    failures,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
