import "server-only";
import { type LatLng, type SignalValue, type TelemetryRefusal } from "@/lib/models";
import { catalogSignal } from "@/lib/signals/catalog";
import { parseResponse } from "../parse";
import { availableAnswerSchema, everyLatestAnswerSchema } from "../schemas/telemetry";
import { type TelemetryTarget, failure, isPrivilegeRefusal, postQuery, refusalsOf, seenAt, toLatLng } from "./query";

/**
 * Every signal a vehicle has: the names it has sent (`availableSignals`), then the latest value of exactly those
 * (`signalsLatest`). DIMO's Telemetry API refuses an operation whose complexity passes 100 (every field costs 1 plus
 * its children), and a signal with its time and value costs 3, so a vehicle with more than about thirty signals is
 * asked in as few `signalsLatest` requests as fit under that limit, side by side.
 */

export const COMPLEXITY_LIMIT = 100;
/** `signalsLatest` itself and its `lastSeen`. */
const BASE_COST = 2;

const selectionOf = (name: string): { text: string; cost: number } =>
  catalogSignal(name)?.kind === "location"
    ? { text: `${name} { timestamp value { latitude longitude } }`, cost: 5 }
    : { text: `${name} { timestamp value }`, cost: 3 };

/** The names the vehicle has ever sent, as the service lists them. */
export async function fetchAvailableSignals(target: TelemetryTarget): Promise<string[]> {
  const query = `query AvailableSignals($tokenId: Int!) {
  availableSignals(tokenId: $tokenId)
}`;
  const body = parseResponse(
    availableAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId }),
    "telemetry",
    "available signals",
  );
  const errors = body.errors ?? [];
  const available = body.data?.availableSignals;
  if (errors.length > 0 || !body.data) throw failure(errors, "the list of the vehicle's signals");
  // The real service answers null for a vehicle that has sent nothing.
  return available ?? [];
}

/**
 * The queries that ask for `names`, each within the complexity limit. Names are written into a query as literals,
 * so only the catalog's (lib/signals/catalog.ts) are accepted.
 */
export function latestQueries(names: readonly string[]): string[] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let cost = BASE_COST;
  for (const name of new Set(names)) {
    if (!catalogSignal(name)) throw new TypeError(`${name} is not a signal of DIMO's schema`);
    const selection = selectionOf(name);
    if (batch.length > 0 && cost + selection.cost > COMPLEXITY_LIMIT) {
      batches.push(batch);
      batch = [];
      cost = BASE_COST;
    }
    batch.push(selection.text);
    cost += selection.cost;
  }
  if (batch.length > 0) batches.push(batch);
  return batches.map(
    (fields) => `query EverySignal($tokenId: Int!) {
  signalsLatest(tokenId: $tokenId) {
    lastSeen
    ${fields.join("\n    ")}
  }
}`,
  );
}

export interface EveryLatest {
  lastSeen: string | null;
  signals: SignalValue[];
  refused: TelemetryRefusal[];
}

type Entry = { timestamp: string; value: number | string | LatLng } | null | undefined;

async function fetchBatch(target: TelemetryTarget, query: string): Promise<EveryLatest> {
  const body = parseResponse(
    everyLatestAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId }),
    "telemetry",
    "latest signals",
  );
  const errors = body.errors ?? [];
  const latest = body.data?.signalsLatest;
  // Only refusals may stand beside data; anything else (a broken query, an outage behind the service) is a failure.
  if (!latest || errors.some((error) => !isPrivilegeRefusal(error))) throw failure(errors, "the latest signals");
  const signals: SignalValue[] = [];
  for (const [name, entry] of Object.entries(latest as Record<string, Entry | string>)) {
    if (name === "lastSeen" || !entry || typeof entry !== "object") continue;
    const value = typeof entry.value === "object" ? toLatLng(entry.value) : entry.value;
    signals.push({ name, timestamp: entry.timestamp, value });
  }
  return { lastSeen: seenAt(latest.lastSeen), signals, refused: refusalsOf(errors) };
}

/** The latest value of each of `names` (catalog names) that has one; refusals of single fields are listed. */
export async function fetchEveryLatest(target: TelemetryTarget, names: readonly string[]): Promise<EveryLatest> {
  const answers = await Promise.all(latestQueries(names).map((query) => fetchBatch(target, query)));
  return {
    lastSeen: answers.map((answer) => answer.lastSeen).find((seen) => seen !== null) ?? null,
    signals: answers.flatMap((answer) => answer.signals),
    refused: answers.flatMap((answer) => answer.refused),
  };
}
