import "server-only";
import { type LocationHistory, type LocationPoint } from "@/lib/models";
import { type LocationAggregation, type SignalName, signalInfo } from "@/lib/telemetry-signals";
import { parseResponse } from "../parse";
import { locationHistoryAnswerSchema } from "../schemas/telemetry";
import { GO_DURATION, type TelemetryTarget, failure, postQuery } from "./query";

export interface LocationHistoryRequest {
  signal: SignalName;
  aggregation: LocationAggregation;
  interval: string;
  from: string;
  to: string;
  /** Ask for each fix's HDOP too: it makes the answer larger and the service slower, so only when it is used. */
  withHdop: boolean;
}

/**
 * One location signal's fixes per interval bucket (with their HDOP when asked), oldest first. It asks for that signal
 * alone: a selection with another signal (the speed of a trip's path) makes the service build and send the other's
 * buckets too, rows with no fix in them.
 */
export async function fetchLocationHistory(
  target: TelemetryTarget,
  request: LocationHistoryRequest,
): Promise<LocationHistory> {
  const { signal, aggregation, interval, from, to, withHdop } = request;
  // Written into the query as literals: check them against the known names, never pass them through.
  if (signalInfo(signal)?.kind !== "location") throw new TypeError(`${signal} is not a location signal`);
  if (!GO_DURATION.test(interval)) throw new TypeError(`interval must be a duration such as 5m or 1h, not ${interval}`);
  const query = `query LocationHistory($tokenId: Int!, $interval: String!, $from: Time!, $to: Time!) {
  signals(tokenId: $tokenId, interval: $interval, from: $from, to: $to) {
    timestamp ${signal}(agg: ${aggregation}) { latitude longitude${withHdop ? " hdop" : ""} }
  }
}`;
  const body = parseResponse(
    locationHistoryAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId, interval, from, to }),
    "telemetry",
    "location history",
  );
  const rows = body.data?.signals;
  if (!rows || (body.errors ?? []).length > 0) throw failure(body.errors ?? [], "the location history");
  const points: LocationPoint[] = [];
  let sorted = true;
  for (const row of rows) {
    const fix = row[signal];
    if (!fix || typeof fix !== "object") continue;
    const at = Date.parse(row.timestamp);
    const last = points.at(-1);
    if (last && at < last.at) sorted = false;
    points.push({
      timestamp: row.timestamp,
      at,
      latitude: fix.latitude,
      longitude: fix.longitude,
      hdop: fix.hdop ?? null,
    });
  }
  if (!sorted) points.sort((a, b) => a.at - b.at);
  return { signal, aggregation, interval, from, to, points };
}
