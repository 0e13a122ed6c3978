import { type SignalValueType } from "@/lib/cel/conditions";
import { SIGNAL_CATALOG, type SignalKind, catalogSignal } from "@/lib/signals/catalog";
import { type WebhookService } from "@/lib/models/webhooks";

/**
 * What a webhook may watch, as the create form offers it and the server checks it: the Telemetry API's signals (the
 * one catalog, `vss.<name>` as the Vehicle Triggers API names them) and the driving events. No I/O, no server import:
 * the form and the server agree on value types because both read them here.
 */

export const VSS_PREFIX = "vss.";

/** The driving events DIMO reports, which an `events` webhook names as they are. */
export const TRIGGER_EVENTS = [
  "behavior.harshBraking",
  "behavior.extremeBraking",
  "behavior.harshAcceleration",
  "behavior.harshCornering",
] as const;

const VALUE_TYPES: Record<SignalKind, SignalValueType> = {
  float: "float64",
  string: "string",
  location: "vss.Location",
};

/** A signal's value type in a condition; an unknown signal is a number, as the Vehicle Triggers API assumes. */
export function valueTypeOf(metricName: string): SignalValueType {
  const bare = metricName.startsWith(VSS_PREFIX) ? metricName.slice(VSS_PREFIX.length) : metricName;
  const signal = catalogSignal(bare);
  return signal ? VALUE_TYPES[signal.kind] : "float64";
}

export function isKnownMetric(service: WebhookService, metricName: string): boolean {
  if (service === "events") return (TRIGGER_EVENTS as readonly string[]).includes(metricName);
  return metricName.startsWith(VSS_PREFIX) && catalogSignal(metricName.slice(VSS_PREFIX.length)) !== undefined;
}

/** Conditions to start from, per value type; each compiles and gives a bool. */
export const CONDITION_EXAMPLES: Record<SignalValueType | "event", readonly { condition: string; says: string }[]> = {
  float64: [
    { condition: "valueNumber > 55", says: "above 55" },
    { condition: "valueNumber > 100 && previousValueNumber <= 100", says: "crosses 100 upwards" },
    { condition: "valueNumber < 20", says: "below 20" },
  ],
  string: [
    { condition: 'valueString == "ON"', says: "equals a text" },
    { condition: 'valueString.contains("P0")', says: "contains a text" },
  ],
  "vss.Location": [
    {
      condition: "geoDistance(value.latitude, value.longitude, 52.52, 13.405) > 5",
      says: "more than 5 km from a point",
    },
  ],
  event: [
    { condition: "true", says: "every event" },
    { condition: "durationNs > 1000000000", says: "lasting over a second" },
  ],
};

export const SIGNAL_METRICS = SIGNAL_CATALOG.map((signal) => ({
  metricName: `${VSS_PREFIX}${signal.name}`,
  ...signal,
}));
