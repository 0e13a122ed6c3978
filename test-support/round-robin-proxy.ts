import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from "node:http";

/**
 * A small load balancer for tests and benchmarks: each request goes to the next dashboard in turn, as a round-robin
 * balancer in front of several instances would send it. A request may be pinned to one instance instead, by a rule on
 * its path or by an `x-fleet-instance: <index>` header (a browser page pinned with setExtraHTTPHeaders), so a test can
 * say which instance serves what. It sets X-Forwarded-For from the socket, as a proxy must, and logs where each
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
  stop(): Promise<void>;
}

export async function startRoundRobinProxy({ port, targets, pin }: ProxyOptions): Promise<RoundRobinProxy> {
  const served: RoundRobinProxy["served"] = [];
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
    headers["x-forwarded-for"] = request.socket.remoteAddress ?? "127.0.0.1";
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, path: request.url, method: request.method, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
