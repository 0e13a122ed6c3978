import "server-only";
import { z } from "zod";
import { type SignalValue, type TelemetryRefusal } from "@/lib/models";
import { catalogSignal } from "@/lib/signals/catalog";
import { parseResponse } from "../parse";
import { availableAnswerSchema, graphQLErrorSchema, locationSchema } from "../schemas/telemetry";
import { type TelemetryTarget, failure, postQuery, seenAt, toLatLng } from "./query";

/**
 * Every signal a vehicle has: the names it has sent (`availableSignals`), then the latest value of those the grant
 * reads, from one `signalsSnapshot`. DIMO's Telemetry API refuses an operation whose complexity passes 100 (gqlgen's
 * fixed limit: every field costs 1 plus its children, a list no more than one element), so `signalsLatest` with each
 * signal as a field of its own would take four requests for a vehicle with a hundred signals; the snapshot lists them
 * all for a cost of 11. The service leaves out of it the signals the token's privileges do not allow.
 */

const SNAPSHOT_QUERY = `query EverySignal($tokenId: Int!) {
  signalsSnapshot(tokenId: $tokenId) {
    lastSeen
    signals { name timestamp valueNumber valueString valueLocation { latitude longitude } }
  }
}`;

const snapshotAnswerSchema = z.object({
  data: z
    .object({
      signalsSnapshot: z
        .object({
          lastSeen: z.string().nullish(),
          signals: z.array(
            z.object({
              name: z.string(),
              timestamp: z.string(),
              valueNumber: z.number().nullish(),
              valueString: z.string().nullish(),
              valueLocation: locationSchema.nullish(),
            }),
          ),
        })
        .nullish(),
    })
    .nullish(),
  errors: z.array(graphQLErrorSchema).optional(),
});

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

export interface EveryLatest {
  lastSeen: string | null;
  signals: SignalValue[];
  refused: TelemetryRefusal[];
}

/**
 * The latest value of each of `names` (catalog names) that has one. The snapshot refuses no field (it leaves out what
 * the token may not read), so nothing is listed as refused.
 */
export async function fetchEveryLatest(target: TelemetryTarget, names: readonly string[]): Promise<EveryLatest> {
  const body = parseResponse(
    snapshotAnswerSchema,
    await postQuery(target, SNAPSHOT_QUERY, { tokenId: target.tokenId }),
    "telemetry",
    "latest signals",
  );
  const errors = body.errors ?? [];
  const snapshot = body.data?.signalsSnapshot;
  if (errors.length > 0 || body.data === undefined || body.data === null) throw failure(errors, "the latest signals");
  const wanted = new Set(names.filter((name) => catalogSignal(name)));
  const signals: SignalValue[] = [];
  for (const entry of snapshot?.signals ?? []) {
    if (!wanted.has(entry.name)) continue;
    const value = entry.valueLocation ? toLatLng(entry.valueLocation) : (entry.valueString ?? entry.valueNumber);
    if (value === null || value === undefined) continue;
    signals.push({ name: entry.name, timestamp: entry.timestamp, value });
  }
  return { lastSeen: seenAt(snapshot?.lastSeen), signals, refused: [] };
}
