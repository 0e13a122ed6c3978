/**
 * Webhook conditions as DIMO's Vehicle Triggers API understands them (DIMO-Network/vehicle-triggers-api,
 * `internal/celcondition`): a CEL expression over the new reading and the one before it, checked when a webhook is
 * saved by compiling it and evaluating it once over zero values, which must give a bool. Pure TypeScript without I/O,
 * so the sandbox, the dashboard's server and its browser code share one definition of what a condition may say.
 */
import { Environment } from "@marcbachmann/cel-js";

const TRIGGER_SERVICES = ["signals", "events"] as const;
type TriggerService = (typeof TRIGGER_SERVICES)[number];

/** The value types the real service names signals by (model-garage's Go types). */
export type SignalValueType = "float64" | "string" | "vss.Location";

const isTriggerService = (value: string): value is TriggerService =>
  (TRIGGER_SERVICES as readonly string[]).includes(value);

export interface GeoLocation {
  latitude: number;
  longitude: number;
  hdop: number;
}

/** One signal reading as the condition sees it: all three value fields exist, unused ones are zero values. */
export interface SignalReading {
  valueNumber: number;
  valueString: string;
  valueLocation: GeoLocation;
  source: string;
}

export interface EventReading {
  name: string;
  source: string;
  durationNs: number;
  metadata: string;
}

export const EMPTY_LOCATION: GeoLocation = { latitude: 0, longitude: 0, hdop: 0 };
export const EMPTY_SIGNAL: SignalReading = {
  valueNumber: 0,
  valueString: "",
  valueLocation: EMPTY_LOCATION,
  source: "",
};
export const EMPTY_EVENT: EventReading = { name: "", source: "", durationNs: 0, metadata: "" };

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in kilometres between two points given in degrees (the haversine formula). */
export function geoDistanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

/** CEL numbers arrive as JS numbers (double) or bigints (int, uint); anything else counts as 0, as in the real one. */
const toNumber = (value: unknown): number =>
  typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : 0;

// Parse-time limits keep a hostile condition from costing the evaluator much; real conditions are a few nodes.
const LIMITS = { maxAstNodes: 500, maxDepth: 50, maxListElements: 100, maxMapEntries: 100, maxCallArguments: 8 };

function signalEnvironment(): Environment {
  const env = new Environment({ limits: LIMITS });
  for (const name of ["value", "valueNumber", "previousValue"]) env.registerVariable(name, "dyn");
  env.registerVariable("valueString", "string");
  env.registerVariable("source", "double");
  env.registerVariable("previousValueNumber", "double");
  env.registerVariable("previousValueString", "string");
  env.registerVariable("previousSource", "string");
  env.registerFunction("geoDistance(dyn, dyn, dyn, dyn): double", (lat1, lon1, lat2, lon2) =>
    geoDistanceKm(toNumber(lat1), toNumber(lon1), toNumber(lat2), toNumber(lon2)),
  );
  return env;
}

function eventEnvironment(): Environment {
  const env = new Environment({ limits: LIMITS });
  for (const name of ["source", "name", "metadata", "previousSource", "previousName", "previousMetadata"]) {
    env.registerVariable(name, "string");
  }
  env.registerVariable("durationNs", "dyn");
  env.registerVariable("previousDurationNs", "dyn");
  return env;
}

// Environments are immutable once built and cheap to share; build each on first use.
let signalEnv: Environment | undefined;
let eventEnv: Environment | undefined;

type Program = (variables: Record<string, unknown>) => unknown;

/** A condition that passed the save-time check, ready to evaluate. */
export interface PreparedCondition {
  readonly service: TriggerService;
  readonly condition: string;
  /** For signal conditions; "" for events. */
  readonly valueType: SignalValueType | "";
  readonly program: Program;
}

export type PrepareResult = { ok: true; prepared: PreparedCondition } | { ok: false; error: string };

/** The library's message without the caret drawing under it. */
const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() ?? "";

function celTypeName(value: unknown): string {
  if (typeof value === "boolean") return "bool";
  if (typeof value === "bigint") return "int";
  if (typeof value === "number") return "double";
  if (typeof value === "string") return "string";
  if (value === null) return "null_type";
  if (Array.isArray(value)) return "list";
  return "map";
}

/** The variables a signal condition sees; build them once per reading when many conditions evaluate it. */
export function signalVariables(
  current: SignalReading,
  previous: SignalReading,
  valueType: SignalValueType,
): Record<string, unknown> {
  const byType = (reading: SignalReading): unknown =>
    valueType === "float64"
      ? reading.valueNumber
      : valueType === "string"
        ? reading.valueString
        : {
            latitude: reading.valueLocation.latitude,
            longitude: reading.valueLocation.longitude,
            hdop: reading.valueLocation.hdop,
          };
  return {
    value: byType(current),
    valueNumber: current.valueNumber,
    valueString: current.valueString,
    source: current.source,
    previousValue: byType(previous),
    previousValueNumber: previous.valueNumber,
    previousValueString: previous.valueString,
    previousSource: previous.source,
  };
}

/** The variables an event condition sees. */
export function eventVariables(current: EventReading, previous: EventReading): Record<string, unknown> {
  return {
    name: current.name,
    source: current.source,
    durationNs: current.durationNs,
    metadata: current.metadata,
    previousName: previous.name,
    previousSource: previous.source,
    previousDurationNs: previous.durationNs,
    previousMetadata: previous.metadata,
  };
}

function prepare(
  service: TriggerService,
  env: Environment,
  condition: string,
  valueType: SignalValueType | "",
  trial: Record<string, unknown>,
): PrepareResult {
  let program: Program;
  try {
    const check = env.check(condition);
    if (!check.valid) return { ok: false, error: firstLine(check.error) };
    program = env.parse(condition) as Program;
  } catch (error) {
    return { ok: false, error: firstLine(error) };
  }
  let out: unknown;
  try {
    out = program(trial);
  } catch (error) {
    return { ok: false, error: `failed to evaluate CEL condition: ${firstLine(error)}` };
  }
  if (typeof out !== "boolean") return { ok: false, error: `output type is not bool: ${celTypeName(out)}` };
  return { ok: true, prepared: { service, condition, valueType, program } };
}

export function prepareSignalCondition(condition: string, valueType: SignalValueType): PrepareResult {
  signalEnv ??= signalEnvironment();
  const trial = signalVariables(EMPTY_SIGNAL, EMPTY_SIGNAL, valueType);
  // The real check binds `source` to "" although it declares a double: a condition using it fails there too.
  return prepare("signals", signalEnv, condition, valueType, trial);
}

export function prepareEventCondition(condition: string): PrepareResult {
  eventEnv ??= eventEnvironment();
  return prepare("events", eventEnv, condition, "", eventVariables(EMPTY_EVENT, EMPTY_EVENT));
}

/**
 * The save-time check of a webhook's condition, with the real service's words: null when it is accepted, else the
 * message its API answers (`invalid CEL condition: ...`, or `Invalid service: ...`). The detail after
 * `invalid CEL condition:` is this library's, not cel-go's.
 */
export function conditionError(
  service: string,
  condition: string,
  valueType: SignalValueType = "float64",
): string | null {
  if (!isTriggerService(service)) return `Invalid service: ${service}`;
  const result =
    service === "signals" ? prepareSignalCondition(condition, valueType) : prepareEventCondition(condition);
  return result.ok ? null : `invalid CEL condition: ${result.error}`;
}

export class ConditionEvaluationError extends Error {
  constructor(message: string) {
    super(`failed to evaluate CEL condition: ${message}`);
    this.name = "ConditionEvaluationError";
  }
}

/** Whether the condition fires over variables from signalVariables or eventVariables; throws ConditionEvaluationError. */
export function evaluateWithVariables(prepared: PreparedCondition, variables: Record<string, unknown>): boolean {
  let out: unknown;
  try {
    out = prepared.program(variables);
  } catch (error) {
    throw new ConditionEvaluationError(firstLine(error));
  }
  return out === true;
}

/** Whether a signal reading fires the condition; throws ConditionEvaluationError when the expression fails. */
export function evaluateSignalCondition(
  prepared: PreparedCondition,
  current: SignalReading,
  previous: SignalReading = EMPTY_SIGNAL,
): boolean {
  const valueType = prepared.valueType === "" ? "float64" : prepared.valueType;
  return evaluateWithVariables(prepared, signalVariables(current, previous, valueType));
}

/** Whether an event fires the condition; throws ConditionEvaluationError when the expression fails. */
export function evaluateEventCondition(
  prepared: PreparedCondition,
  current: EventReading,
  previous: EventReading = EMPTY_EVENT,
): boolean {
  return evaluateWithVariables(prepared, eventVariables(current, previous));
}
