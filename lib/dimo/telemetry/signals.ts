import "server-only";
import {
  type LatLng,
  type SignalHistory,
  type SignalValue,
  type TelemetryLatest,
  type VinCredential,
} from "@/lib/models";
import { type FloatAggregation, type SignalName, signalInfo } from "@/lib/telemetry-signals";
import { parseResponse } from "../parse";
import { historyAnswerSchema, latestAnswerSchema, vinAnswerSchema } from "../schemas/telemetry";
import {
  GO_DURATION,
  type TelemetryTarget,
  failure,
  isPrivilegeRefusal,
  postQuery,
  refusalsOf,
  seenAt,
  toLatLng,
} from "./query";

/** The Overview's queries: the latest signals, one signal's history, and the VIN credential. */

function selectionOf(name: SignalName): string {
  return signalInfo(name)?.kind === "location"
    ? `${name} { timestamp value { latitude longitude hdop } }`
    : `${name} { timestamp value }`;
}

export interface LatestRequest {
  /** The signals to ask for: only the ones the grant allows, so the service has nothing to refuse. */
  signals: readonly SignalName[];
}

/** The latest value of each signal asked for, the signals the vehicle has, and its data summary, in one request. */
export async function fetchLatest(target: TelemetryTarget, request: LatestRequest): Promise<TelemetryLatest> {
  const fields = ["lastSeen", ...request.signals.map(selectionOf)].join("\n    ");
  const query = `query Latest($tokenId: Int!) {
  signalsLatest(tokenId: $tokenId) {
    ${fields}
  }
  availableSignals(tokenId: $tokenId)
  dataSummary(tokenId: $tokenId) { numberOfSignals firstSeen lastSeen }
}`;
  const body = parseResponse(
    latestAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId }),
    "telemetry",
    "latest signals",
  );
  const errors = body.errors ?? [];
  const data = body.data;
  // Only refusals may stand beside data; anything else (a broken query, an outage behind the service) is a failure.
  if (!data || errors.some((error) => !isPrivilegeRefusal(error))) throw failure(errors, "the latest signals");
  const latest = data.signalsLatest;
  if (!latest && !data.availableSignals && !data.dataSummary) throw failure(errors, "the latest signals");

  const signals: SignalValue[] = [];
  for (const name of request.signals) {
    const entry = (
      latest as
        Record<string, { timestamp: string; value: number | string | LatLng } | null | undefined> | null | undefined
    )?.[name];
    if (!entry) continue;
    const value = typeof entry.value === "object" ? toLatLng(entry.value) : entry.value;
    signals.push({ name, timestamp: entry.timestamp, value });
  }
  const summary = data.dataSummary;
  // With no data, the real service's first seen is the time of the query: not a time the vehicle was seen.
  const hasData = (summary?.numberOfSignals ?? 1) > 0;
  return {
    lastSeen: seenAt(latest?.lastSeen) ?? (hasData ? seenAt(summary?.lastSeen) : null),
    signals,
    availableSignals: data.availableSignals ?? null,
    summary: summary
      ? {
          numberOfSignals: summary.numberOfSignals,
          firstSeen: hasData ? seenAt(summary.firstSeen) : null,
          lastSeen: hasData ? seenAt(summary.lastSeen) : null,
        }
      : null,
    refused: refusalsOf(errors),
  };
}

export interface HistoryRequest {
  signal: SignalName;
  aggregation: FloatAggregation;
  interval: string;
  from: string;
  to: string;
}

/** One float signal aggregated per interval bucket between `from` and `to`, oldest bucket first. */
export async function fetchHistory(target: TelemetryTarget, request: HistoryRequest): Promise<SignalHistory> {
  const { signal, aggregation, interval, from, to } = request;
  // Written into the query as literals: check them against the known names, never pass them through.
  if (signalInfo(signal)?.kind !== "float") throw new TypeError(`${signal} is not a numeric signal`);
  if (!GO_DURATION.test(interval)) throw new TypeError(`interval must be a duration such as 5m or 1h, not ${interval}`);
  const query = `query History($tokenId: Int!, $interval: String!, $from: Time!, $to: Time!) {
  signals(tokenId: $tokenId, interval: $interval, from: $from, to: $to) { timestamp ${signal}(agg: ${aggregation}) }
}`;
  const body = parseResponse(
    historyAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId, interval, from, to }),
    "telemetry",
    "signal history",
  );
  const rows = body.data?.signals;
  if (!rows || (body.errors ?? []).length > 0)
    throw failure(body.errors ?? [], `the history of ${signalInfo(signal)?.label.toLowerCase() ?? signal}`);
  const points = rows
    .map((row) => ({ timestamp: row.timestamp, value: row[signal] }))
    .filter((point): point is { timestamp: string; value: number } => typeof point.value === "number")
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return { signal, aggregation, interval, from, to, points };
}

/** The VIN from the vehicle's latest VIN credential; null when it has none. */
export async function fetchVin(target: TelemetryTarget): Promise<VinCredential | null> {
  const query = `query Vin($tokenId: Int!) {
  vinVCLatest(tokenId: $tokenId) { vin recordedAt countryCode validFrom validTo }
}`;
  const body = parseResponse(
    vinAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId }),
    "telemetry",
    "VIN credential",
  );
  if ((body.errors ?? []).length > 0) {
    // The real service answers a vehicle without a credential with a not-found error rather than null.
    if (body.errors?.every((error) => /not found|no vin/i.test(error.message))) return null;
    throw failure(body.errors ?? [], "the VIN credential");
  }
  const credential = body.data?.vinVCLatest;
  if (!credential?.vin) return null;
  return {
    vin: credential.vin,
    recordedAt: credential.recordedAt ?? null,
    countryCode: credential.countryCode ?? null,
    validFrom: credential.validFrom ?? null,
    validTo: credential.validTo ?? null,
  };
}
