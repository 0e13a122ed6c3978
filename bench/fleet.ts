import { freePort } from "@/test-support/processes";
import { startRedisServer } from "@/test-support/redis";
import { startRoundRobinProxy } from "@/test-support/round-robin-proxy";
import { type DashboardServer, startDashboard } from "@/test-support/servers";

/**
 * Two `next start` of the production build behind a round-robin proxy, sharing one fresh Redis, as they would run
 * behind a load balancer: one session secret, the proxy's address as the public URL. `work` gets the proxy's URL;
 * everything is stopped after it. The dashboards trust two proxies, as behind an edge proxy and a balancer: the load
 * generator plays the edge, naming each simulated user's address in X-Forwarded-For, and the round-robin proxy
 * appends the address it was reached from, so each user is a client of its own for the sign-in limits.
 */

const BEHIND_EDGE_AND_BALANCER = { TRUSTED_PROXY_HOPS: "2" } as const;
export async function withFleet<T>(
  sandboxUrl: string,
  authSecret: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const redis = await startRedisServer();
  const dashboards: DashboardServer[] = [];
  try {
    const port = await freePort();
    const env = { ...BEHIND_EDGE_AND_BALANCER, REDIS_URL: redis.url, NEXTAUTH_URL: `http://127.0.0.1:${port}` };
    for (let i = 0; i < 2; i += 1) dashboards.push(await startDashboard({ sandboxUrl, authSecret, env }));
    const proxy = await startRoundRobinProxy({ port, targets: dashboards.map((dashboard) => dashboard.url) });
    try {
      return await work(proxy.url);
    } finally {
      if (proxy.failures.length > 0)
        console.warn(`the proxy could not forward ${proxy.failures.length} requests, e.g. ${proxy.failures[0]}`);
      await proxy.stop();
    }
  } finally {
    for (const dashboard of dashboards) await dashboard.stop();
    await redis.stop();
  }
}
