import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { constants, gzipSync } from "node:zlib";
import { type Session } from "./dashboard-client";
import { hasMapCode, hasWalletCode, scriptSources } from "./javascript";

/**
 * Item 3: gzipped first-load JavaScript per route of the production build, signed in: every `<script src>` the
 * route's HTML loads, fetched from the running build and gzipped at level 9 (zlib), added up. The map chunk is
 * loaded later, on demand, so it is found among the build's chunks by its code and reported alone.
 */

export interface RouteJavaScript {
  route: string;
  dashboard: boolean;
  scripts: number;
  gzipBytes: number;
  rawBytes: number;
  /** Scripts of this route in which wagmi or viem markers were found. */
  walletScripts: string[];
}

export interface JavaScriptResults {
  gzipLevel: number;
  /** What the per-route figures leave out, in words. */
  excludes: string;
  routes: RouteJavaScript[];
  mapChunks: { file: string; gzipBytes: number; rawBytes: number }[];
  /** The largest dashboard route, the one the budget is about. */
  largestDashboardRoute: RouteJavaScript | null;
}

const GZIP_LEVEL = constants.Z_BEST_COMPRESSION;
const CHUNKS_DIR = ".next/static/chunks";

export function dashboardRoutes(tokenId: number): string[] {
  return [
    "/vehicles",
    `/vehicles/${tokenId}`,
    `/vehicles/${tokenId}/trips`,
    `/vehicles/${tokenId}/trips/all`,
    `/vehicles/${tokenId}/value`,
    "/developer",
    "/developer/tokens",
    "/developer/activity",
  ];
}

const gzipSize = (body: Buffer) => gzipSync(body, { level: GZIP_LEVEL }).length;

export async function measureJavaScript(session: Session, tokenId: number): Promise<JavaScriptResults> {
  const scripts = new Map<string, Promise<Buffer>>();
  const load = (url: string) => {
    let body = scripts.get(url);
    if (!body) {
      body = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return Buffer.from(await response.arrayBuffer());
      });
      scripts.set(url, body);
    }
    return body;
  };

  const routes: RouteJavaScript[] = [];
  const pages = [
    ...dashboardRoutes(tokenId).map((route) => ({ route, dashboard: true })),
    { route: "/login", dashboard: false },
  ];
  for (const { route, dashboard } of pages) {
    // Signed in, /login would send us on to the dashboard: it is fetched without the session, as a visitor sees it.
    const headers: Record<string, string> = dashboard ? { cookie: session.jar.header() } : {};
    const response = await fetch(`${session.baseUrl}${route}`, { headers, redirect: "manual" });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
    const sources = scriptSources(html, `${session.baseUrl}${route}`);
    const bodies = await Promise.all(sources.map(load));
    routes.push({
      route,
      dashboard,
      scripts: sources.length,
      gzipBytes: bodies.reduce((sum, body) => sum + gzipSize(body), 0),
      rawBytes: bodies.reduce((sum, body) => sum + body.length, 0),
      walletScripts: sources
        .filter((_, i) => hasWalletCode(bodies[i]?.toString("utf8") ?? ""))
        .map((url) => new URL(url).pathname),
    });
  }

  const mapChunks = readdirSync(CHUNKS_DIR)
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, body: readFileSync(join(CHUNKS_DIR, file)) }))
    .filter(({ body }) => hasMapCode(body.toString("utf8")))
    .map(({ file, body }) => ({ file: `${CHUNKS_DIR}/${file}`, gzipBytes: gzipSize(body), rawBytes: body.length }));

  const dashboards = routes.filter((route) => route.dashboard);
  const largestDashboardRoute = dashboards.reduce<RouteJavaScript | null>(
    (max, route) => (max === null || route.gzipBytes > max.gzipBytes ? route : max),
    null,
  );
  return {
    gzipLevel: GZIP_LEVEL,
    excludes: "nomodule scripts (polyfills no current browser runs)",
    routes,
    mapChunks,
    largestDashboardRoute,
  };
}
