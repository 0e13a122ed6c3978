import { type SignalValueType } from "@/lib/cel/conditions";
import { privilegeInfo } from "@/lib/protocol";
import { SIGNAL_CATALOG, type SignalDefinition } from "./signal-catalog";

/** Signal webhooks name their metric with the schema's prefix: `vss.speed`. */
export const VSS_PREFIX = "vss.";

const BY_NAME = new Map(SIGNAL_CATALOG.map((definition) => [definition.name, definition]));

/** What the real service requires for a signal it does not know, and for every event. */
export const DEFAULT_PERMISSIONS: readonly string[] = [privilegeInfo(1).permission, privilegeInfo(4).permission];

export const bareSignalName = (metricName: string) =>
  metricName.startsWith(VSS_PREFIX) ? metricName.slice(VSS_PREFIX.length) : metricName;

/**
 * A signal's definition; for a name the catalogue lacks, the real service's default: the given value type, no unit,
 * and the default permissions.
 */
export function signalDefinitionOrDefault(name: string, valueType: SignalValueType): SignalDefinition {
  return BY_NAME.get(name) ?? { name, description: "", unit: "", valueType, permissions: DEFAULT_PERMISSIONS };
}
