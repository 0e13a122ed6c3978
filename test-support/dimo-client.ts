import { type DimoClientOptions, createDimoClient } from "@/lib/dimo/client";
import { DEMO_LICENSE, sandboxUrls } from "@/lib/demo-license";
import { type ActivityEntry } from "@/lib/models";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { type SandboxControl } from "@/sandbox/control-client";

/**
 * Integration tests' access to a fresh sandbox: a client pointed at it, with short timeouts and fast retries, whose
 * activity is kept for the test, and the sandbox's control surface for counters, clock and faults.
 */

export type Stats = Awaited<ReturnType<SandboxControl["stats"]>>;

export function sandboxConfig(url: string, valuationsVersion: "v1" | "v2" = "v1"): DimoClientOptions["config"] {
  return {
    license: { clientId: DEMO_LICENSE.clientId, domain: DEMO_LICENSE.redirectUri, apiKey: DEMO_LICENSE.apiKey },
    urls: sandboxUrls(url),
    valuationsVersion,
    vehicleContract: VEHICLE_NFT_CONTRACT,
  };
}

export function testClient(url: string, options: Partial<DimoClientOptions> = {}) {
  const activity: ActivityEntry[] = [];
  const client = createDimoClient({
    config: sandboxConfig(url),
    timeoutMs: 2_000,
    retry: { baseDelayMs: 20, maxDelayMs: 100 },
    onActivity: (entry) => activity.push(entry),
    ...options,
  });
  return { client, activity };
}

/** Requests counted on the routes whose name ends with `suffix` (one of ROUTES). */
export function count(stats: Stats, suffix: string): number {
  return Object.entries(stats.routes)
    .filter(([route]) => route.endsWith(suffix))
    .reduce((sum, [, n]) => sum + n, 0);
}

export const ROUTES = {
  challenge: "generate_challenge",
  submit: "submit_challenge",
  exchange: "/v1/tokens/exchange",
  identity: "/query",
  trips: "/trips",
  valuations: "/valuations",
  offers: "/offers",
  instantOffer: "/instant-offer",
} as const;
