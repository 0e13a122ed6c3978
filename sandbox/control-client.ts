import { SANDBOX_CONTROL_HEADER } from "@/lib/demo-license";
import { type StatsSnapshot } from "./control/stats";
import { type DeliveryView } from "./services/vehicle-triggers/control";
import { type Outcome } from "./services/vehicle-triggers/engine";
import { type LiveStatus } from "./live/live-vehicles";

/**
 * A typed client for the sandbox's control surface (`/__sandbox/`), for tests, browser tests and benchmarks.
 * Every call throws when the sandbox answers with an error, with the sandbox's message.
 */

export interface DemoInfo {
  clientId: `0x${string}`;
  redirectUri: string;
  apiKey: `0x${string}`;
  apiKeySigner: `0x${string}`;
  owner: { address: `0x${string}`; privateKey: `0x${string}` };
  licenseTokenId: number;
}

export interface ClockState {
  offsetSeconds: number;
  /** Whether the clock stands still until advanced. */
  frozen: boolean;
  /** The sandbox's current time, ISO 8601. */
  now: string;
}

export interface FaultSpec {
  /** Any method when absent. */
  method?: string;
  /** A glob over the full path: `*` = one segment, `**` = any number of segments. */
  path: string;
  /** Only GraphQL requests whose operation selects this top-level field (`vehicles`); any request when absent. */
  graphqlField?: string;
  /** Answer this status instead of the real handler. */
  status?: number;
  /** JSON when an object, text when a string, empty when absent. */
  body?: string | Record<string, unknown>;
  headers?: Record<string, string>;
  /** Delay before answering (or before the real handler, without a status). */
  latencyMs?: number;
  /** How many requests it applies to; default 1, 0 = until cleared. */
  times?: number;
}

export interface ActiveFault extends FaultSpec {
  id: string;
  remaining: number | null;
}

/**
 * `GET /__sandbox/stats`: `{ total, routes, paths, refused, refusedRoutes }`. `total` counts every service request
 * (refused ones too); `routes` per route pattern (`"GET /trips/v1/vehicle/:tokenId/trips"`), `paths` per concrete
 * path. `refused` is the number of rate-limit refusals (429 or 503 from the limiter, not injected faults), and
 * `refusedRoutes` the same per route pattern, keyed like `routes` (a route without refusals is absent).
 */
export type { StatsSnapshot };

/** A signal sample to inject: `name` bare (`speed`) or with its prefix (`vss.speed`); `timestamp` ISO or epoch ms. */
export interface InjectedSignal {
  tokenId: number;
  name: string;
  value: number | string | { latitude: number; longitude: number; hdop?: number };
  timestamp?: string | number;
  source?: string;
}

export interface InjectedEvent {
  tokenId: number;
  /** The full event name: `behavior.harshBraking`. */
  name: string;
  durationNs?: number;
  /** A string, or an object sent as its JSON. */
  metadata?: string | Record<string, unknown>;
  timestamp?: string | number;
  source?: string;
}

/** What one injection did to each webhook watching it; the answer comes after the deliveries it caused. */
export interface InjectionResult {
  assetDID: string;
  metricName: string;
  outcomes: Outcome[];
}

export type { LiveStatus };
export type { DeliveryView };

/** What every call to the control surface sends (SANDBOX_CONTROL_HEADER): for a caller that does not use this client. */
export const CONTROL_HEADERS: Readonly<Record<string, string>> = {
  [SANDBOX_CONTROL_HEADER.name]: SANDBOX_CONTROL_HEADER.value,
};

export function sandboxControl(baseUrl: string | (() => string)) {
  // A function gives the address when each call is made: for a sandbox that is started after the client is made.
  const root = () => `${(typeof baseUrl === "string" ? baseUrl : baseUrl()).replace(/\/+$/, "")}/__sandbox`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    // The control surface takes JSON bodies only: a POST without arguments sends an empty object.
    const json = body ?? (method === "POST" ? {} : undefined);
    const response = await fetch(`${root()}${path}`, {
      method,
      headers: {
        ...CONTROL_HEADERS,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Sandbox control ${method} ${path} failed (${response.status}): ${text}`);
    return JSON.parse(text) as T;
  }

  return {
    demo: () => call<DemoInfo>("GET", "/demo"),
    stats: () => call<StatsSnapshot>("GET", "/stats"),
    resetStats: () => call<StatsSnapshot>("DELETE", "/stats"),
    clock: () => call<ClockState>("GET", "/clock"),
    advanceClock: (seconds: number) => call<ClockState>("POST", "/clock", { advanceSeconds: seconds }),
    /** Stops the sandbox's clock (true) until it is moved with advanceClock, or lets it run again (false). */
    freezeClock: (frozen = true) => call<ClockState>("POST", "/clock", { freeze: frozen }),
    resetClock: () => call<ClockState>("DELETE", "/clock"),
    /** Moves the chain's clock (not the sandbox's) and mines a block at the new time. */
    advanceChainTime: (seconds: number) =>
      call<{ blockTime: string }>("POST", "/chain/time", { advanceSeconds: seconds }),
    /** Puts the chain back as it was seeded (the clock, the license's name, URIs and signers); nothing else. */
    resetChain: () => call<{ reset: boolean }>("DELETE", "/chain"),
    injectFault: (fault: FaultSpec) => call<{ id: string }>("POST", "/faults", fault),
    listFaults: async () => (await call<{ faults: ActiveFault[] }>("GET", "/faults")).faults,
    clearFaults: () => call<{ cleared: number }>("DELETE", "/faults"),
    /** Removes one injected fault, leaving others' in place; a fault already used up is fine. */
    removeFault: async (id: string): Promise<void> => {
      const response = await fetch(`${root()}/faults/${encodeURIComponent(id)}`, {
        method: "DELETE",
        headers: CONTROL_HEADERS,
      });
      if (!response.ok && response.status !== 404)
        throw new Error(`Sandbox control: removing fault ${id} failed (${response.status})`);
    },
    /** Evaluates a signal sample against the webhooks watching it, at once. */
    injectSignal: (signal: InjectedSignal) => call<InjectionResult>("POST", "/signals", signal),
    /** Evaluates an event against the webhooks watching it, at once. */
    injectEvent: (event: InjectedEvent) => call<InjectionResult>("POST", "/events", event),
    /** Webhook deliveries, newest first, with status, timing and the CloudEvent sent. */
    deliveries: async (filter: { webhookId?: string; limit?: number } = {}) => {
      const query = new URLSearchParams();
      if (filter.webhookId) query.set("webhookId", filter.webhookId);
      if (filter.limit) query.set("limit", String(filter.limit));
      const suffix = query.size > 0 ? `?${query.toString()}` : "";
      return (await call<{ deliveries: DeliveryView[] }>("GET", `/deliveries${suffix}`)).deliveries;
    },
    /** Adds a grant of credits to a vehicle, for the demo license unless another is named. */
    addCredits: (grant: { tokenId: number; amount: number; licenseId?: string }) =>
      call<{ licenseId: string; assetDid: string; currentCreditsRemaining: number }>("POST", "/credits", grant),
    /** Ends a vehicle's grants and gives it one of `amount` credits: a known balance. */
    setCredits: (grant: { tokenId: number; amount: number; licenseId?: string }) =>
      call<{ licenseId: string; assetDid: string; currentCreditsRemaining: number }>("PUT", "/credits", grant),
    /** The live vehicles: each one's drive under way or last, its next departure, and how far their feed has settled. */
    live: () => call<LiveStatus>("GET", "/live"),
    /** Back to the seeded state: offer sets, challenge states, clock, faults, counters, rate-limit windows. */
    reset: () => call<{ reset: true; clock: ClockState }>("POST", "/reset"),
  };
}

export type SandboxControl = ReturnType<typeof sandboxControl>;
