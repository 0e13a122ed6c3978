import "server-only";
import { afterAll, beforeAll } from "vitest";
import { sandboxControl } from "@/sandbox/control-client";
import { DEMO_LICENSE } from "@/sandbox/demo-license";
import { setUpSandbox as setUpTestSandbox } from "@/sandbox/test-support";
import { type ActivityEntry } from "../activity";
import { type DimoClientOptions, createDimoClient } from "../client";

/**
 * Integration tests' access to a fresh sandbox: a client pointed at it, with short timeouts and fast retries, whose
 * activity is kept for the test, and the sandbox's control surface for counters, clock and faults.
 */

export type SandboxControl = ReturnType<typeof sandboxControl>;
export type Stats = Awaited<ReturnType<SandboxControl["stats"]>>;

export function sandboxConfig(url: string, valuationsVersion: "v1" | "v2" = "v1"): DimoClientOptions["config"] {
  return {
    license: { clientId: DEMO_LICENSE.clientId, domain: DEMO_LICENSE.redirectUri, apiKey: DEMO_LICENSE.apiKey },
    urls: {
      auth: `${url}/auth`,
      tokenExchange: `${url}/token-exchange`,
      identity: `${url}/identity`,
      trips: `${url}/trips`,
      valuations: `${url}/valuations`,
    },
    valuationsVersion,
  };
}

/** Environment variables that point the app's process-wide client (getDimoClient) at a sandbox. */
export function sandboxEnv(url: string): Record<string, string> {
  return {
    DIMO_AUTH_URL: `${url}/auth`,
    DIMO_TOKEN_EXCHANGE_URL: `${url}/token-exchange`,
    DIMO_IDENTITY_URL: `${url}/identity`,
    DIMO_TRIPS_URL: `${url}/trips`,
    DIMO_VALUATIONS_URL: `${url}/valuations`,
  };
}

/**
 * A fresh sandbox for one test file (the sandbox's own test lifecycle), with a control client that may be kept at
 * once. With `pointApp`, the app's own process-wide client (getDimoClient, the actions) is pointed at it through the
 * environment for the file, which must happen before that client is first used.
 */
export function setUpSandbox(options: { pointApp?: boolean } = {}) {
  const suite = setUpTestSandbox();
  if (options.pointApp) {
    const savedEnv = { ...process.env };
    beforeAll(() => {
      Object.assign(process.env, sandboxEnv(suite.url));
    });
    afterAll(() => {
      process.env = savedEnv;
    });
  }
  return {
    get url() {
      return suite.url;
    },
    control: sandboxControl(() => suite.url),
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
