import {
  EMPTY_EVENT,
  EMPTY_LOCATION,
  EMPTY_SIGNAL,
  evaluateWithVariables,
  eventVariables,
  type EventReading,
  type GeoLocation,
  type PreparedCondition,
  type SignalReading,
  signalVariables,
  type SignalValueType,
} from "@/lib/cel/conditions";
import { vehicleDid } from "@/lib/protocol";
import { formatGoTime } from "../attestation/go-time";
import { DEFAULT_PERMISSIONS, signalDefinitionOrDefault, VSS_PREFIX } from "./signals";

/**
 * What a signal sample or an event becomes for the trigger pipeline: the metric it is, the permissions it needs, how
 * a condition is evaluated over it and the previous reading, and the signal or event part of the CloudEvent.
 */

/** What the sandbox's sources report as the reading's connection when none is given. */
export const DEFAULT_SOURCE = "0x0000000000000000000000000000000000000000";

export interface SignalInput {
  tokenId: number;
  /** The bare signal name (`speed`), as telemetry names it. */
  name: string;
  value: number | string | GeoLocation;
  /** Epoch milliseconds, a fraction for the microseconds. */
  timestamp: number;
  source?: string;
}

export interface EventInput {
  tokenId: number;
  /** The full event name (`behavior.harshBraking`). */
  name: string;
  timestamp: number;
  durationNs: number;
  metadata: string;
  source?: string;
}

export interface Reading {
  assetDid: string;
  tokenId: number;
  service: "signals" | "events";
  metricName: string;
  /** The permissions the license's grant must hold, as the token exchange names them. */
  permissions: readonly string[];
  /** Whether the condition fires, given the previous reading's snapshot (JSON) or null. */
  fires(prepared: PreparedCondition, previousSnapshot: string | null): boolean;
  /** What the condition saw, kept as the next evaluation's previous reading. */
  snapshot: string;
  /** The signal or event part of the CloudEvent's data. */
  payload: Record<string, unknown>;
  /** Previous readings come from the metric's last delivery (signals) or the webhook's own (events). */
  previousFrom: "metric" | "webhook";
}

/** A signal sample as the pipeline reads it; `producer` is the vehicle's device, when known. */
export function signalReading(input: SignalInput, producer: string | null): Reading {
  const source = input.source ?? DEFAULT_SOURCE;
  const valueType: SignalValueType =
    typeof input.value === "number" ? "float64" : typeof input.value === "string" ? "string" : "vss.Location";
  const definition = signalDefinitionOrDefault(input.name, valueType);
  const current: SignalReading = {
    ...EMPTY_SIGNAL,
    source,
    ...(typeof input.value === "number"
      ? { valueNumber: input.value }
      : typeof input.value === "string"
        ? { valueString: input.value }
        : { valueLocation: { ...EMPTY_LOCATION, ...input.value } }),
  };
  const value =
    definition.valueType === "float64"
      ? current.valueNumber
      : definition.valueType === "string"
        ? current.valueString
        : { heading: 0, ...current.valueLocation };
  return {
    assetDid: vehicleDid(input.tokenId),
    tokenId: input.tokenId,
    service: "signals",
    metricName: `${VSS_PREFIX}${input.name}`,
    permissions: definition.permissions,
    fires: memoizedVariables((previous) =>
      signalVariables(current, previous ? (JSON.parse(previous) as SignalReading) : EMPTY_SIGNAL, definition.valueType),
    ),
    snapshot: JSON.stringify(current),
    payload: {
      signal: {
        name: input.name,
        ...(definition.unit ? { unit: definition.unit } : {}),
        timestamp: formatGoTime(Math.round(input.timestamp * 1000)),
        source,
        ...(producer ? { producer } : {}),
        valueType: definition.valueType,
        value,
      },
    },
    previousFrom: "metric",
  };
}

/** An event as the pipeline reads it. */
export function eventReading(input: EventInput, producer: string | null): Reading {
  const source = input.source ?? DEFAULT_SOURCE;
  const current: EventReading = {
    name: input.name,
    source,
    durationNs: input.durationNs,
    metadata: input.metadata,
  };
  return {
    assetDid: vehicleDid(input.tokenId),
    tokenId: input.tokenId,
    service: "events",
    metricName: input.name,
    // Events need what the real service's default permissions name.
    permissions: DEFAULT_PERMISSIONS,
    fires: memoizedVariables((previous) =>
      eventVariables(current, previous ? (JSON.parse(previous) as EventReading) : EMPTY_EVENT),
    ),
    snapshot: JSON.stringify(current),
    payload: {
      event: {
        name: input.name,
        timestamp: formatGoTime(Math.round(input.timestamp * 1000)),
        source,
        ...(producer ? { producer } : {}),
        durationNs: input.durationNs,
        ...(input.metadata ? { metadata: input.metadata } : {}),
      },
    },
    previousFrom: "webhook",
  };
}

/**
 * A reading's `fires`: the condition's variables are built once per distinct previous reading (for signals, one per
 * reading), not once per webhook.
 */
function memoizedVariables(
  build: (previous: string | null) => Record<string, unknown>,
): (prepared: PreparedCondition, previous: string | null) => boolean {
  const built = new Map<string | null, Record<string, unknown>>();
  return (prepared, previous) => {
    let variables = built.get(previous);
    if (!variables) {
      variables = build(previous);
      built.set(previous, variables);
    }
    return evaluateWithVariables(prepared, variables);
  };
}

export function valueTypeOf(reading: Reading): SignalValueType {
  const signal = reading.payload.signal as { valueType?: SignalValueType } | undefined;
  return signal?.valueType ?? "float64";
}
