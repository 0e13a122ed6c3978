import "server-only";
import { type AttestationMethods, attestationMethods } from "./facade/attestation";
import { type CreditMethods, creditMethods } from "./credits";
import { type DimoClientOptions, createClientContext } from "./facade/context";
import { type EventMethods, eventMethods } from "./facade/events";
import { type TelemetryMethods, telemetryMethods } from "./facade/telemetry";
import { type TokenMethods, tokenMethods } from "./facade/tokens";
import { type TripMethods, tripMethods } from "./facade/trips";
import { type ValuationMethods, valuationMethods } from "./facade/valuations";
import { type VehicleTriggerMethods, vehicleTriggerMethods } from "./facade/vehicle-triggers";
import { type VehicleMethods, vehicleMethods } from "./facade/vehicles";
import { type RawDataMethods, rawDataMethods } from "./fetch/methods";

/**
 * The DIMO client: one object with a part per DIMO service (facade/), all sharing one context (facade/context.ts):
 * the HTTP settings, the token manager and the directory of grants. A new service adds its part here.
 */

export type { DimoClientOptions };

export interface DimoClient
  extends
    VehicleMethods,
    TripMethods,
    ValuationMethods,
    TelemetryMethods,
    EventMethods,
    AttestationMethods,
    VehicleTriggerMethods,
    RawDataMethods,
    CreditMethods,
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
    ...rawDataMethods(context),
    ...creditMethods(context),
    ...tokenMethods(context),
  };
}
