import { Agent, request as httpRequest } from "node:http";

/**
 * Many requests to a dashboard on this machine from one loopback address (127.0.0.2...), which the dashboard sees as a
 * client of its own, `concurrency` at a time over kept-alive connections, as a script would send them.
 */

export interface FloodOutcome {
  /** How many requests were answered with each status. */
  statuses: Map<number, number>;
  /** The last Retry-After seen. */
  retryAfter: string | undefined;
}

export interface FloodOptions {
  concurrency?: number;
  method?: string;
}

export async function flood(
  baseUrl: string,
  path: string,
  total: number,
  localAddress: string,
  { concurrency = 32, method = "GET" }: FloodOptions = {},
): Promise<FloodOutcome> {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency, localAddress });
  const statuses = new Map<number, number>();
  let retryAfter: string | undefined;
  let sent = 0;
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port: base.port, path, method, agent, headers: { host: base.host } },
        (res) => {
          const header = res.headers["retry-after"];
          if (typeof header === "string") retryAfter = header;
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end();
    });
  async function worker() {
    while (sent < total) {
      sent += 1;
      const status = await one();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { statuses, retryAfter };
}
