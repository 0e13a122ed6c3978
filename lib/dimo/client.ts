import "server-only";
import { type AppConfig } from "@/lib/config";
import { type ActivityEntry } from "@/lib/models";
import { type KeyValueStore } from "@/lib/store/types";
import { type AttestationMethods, attestationMethods } from "./facade/attestation";
import { createClientContext } from "./facade/context";
import { type EventMethods, eventMethods } from "./facade/events";
import { type TelemetryMethods, telemetryMethods } from "./facade/telemetry";
import { type TokenMethods, tokenMethods } from "./facade/tokens";
import { type TripMethods, tripMethods } from "./facade/trips";
import { type ValuationMethods, valuationMethods } from "./facade/valuations";
import { type VehicleTriggerMethods, vehicleTriggerMethods } from "./facade/vehicle-triggers";
import { type VehicleMethods, vehicleMethods } from "./facade/vehicles";
import { type RequestPacer } from "./pacer";
import { type RetryPolicy } from "./retry";
import { type TokenCache } from "./token-cache";

/**
 * The DIMO client: one object with a part per DIMO service (facade/), all sharing one context (facade/context.ts):
 * the HTTP settings, the token manager and the directory of grants. A new service adds its part here.
 */

export interface DimoClientOptions {
  config: Pick<AppConfig, "license" | "urls" | "valuationsVersion" | "vehicleContract">;
  cache?: TokenCache;
  /** Fleet-wide locks for the challenge flow and exchanges, shared with the cache's other instances; none by default. */
  locks?: KeyValueStore;
  fetch?: typeof fetch;
  /** Per attempt; 10 s by default. */
  timeoutMs?: number;
  /** The instant-offer request waits on third-party buyers (about a minute on DIMO), so it gets 3 minutes by default. */
  instantOfferTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Paces every request under DIMO's rate limits; none by default. */
  pacer?: RequestPacer;
  /** Receives every activity entry; the process-wide log (recordActivity) by default. */
  onActivity?: (entry: ActivityEntry) => void;
  /** How long a vehicle's grant (and the license) is trusted before the identity API is asked again; 5 minutes. */
  grantTtlMs?: number;
  now?: () => number;
  random?: () => number;
}

export interface DimoClient
  extends
    VehicleMethods,
    TripMethods,
    ValuationMethods,
    TelemetryMethods,
    EventMethods,
    AttestationMethods,
    VehicleTriggerMethods,
    TokenMethods {}

export function createDimoClient(options: DimoClientOptions): DimoClient {
  const context = createClientContext(options);
  return {
    ...vehicleMethods(context),
    ...tripMethods(context),
    ...valuationMethods(context, { instantOfferTimeoutMs: options.instantOfferTimeoutMs ?? 180_000 }),
    ...telemetryMethods(context),
    ...eventMethods(context),
    ...attestationMethods(context),
    ...vehicleTriggerMethods(context),
    ...tokenMethods(context),
  };
}
