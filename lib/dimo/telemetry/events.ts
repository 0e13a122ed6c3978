import "server-only";
import { type DrivingEvent } from "@/lib/models";
import { parseResponse } from "../parse";
import { eventsAnswerSchema } from "../schemas/events";
import { type TelemetryTarget, failure, postQuery } from "./query";

/** The vehicle's driving events with from <= timestamp < to, in the order the service gives them (newest first). */
export async function fetchEvents(
  target: TelemetryTarget,
  window: { from: string; to: string },
): Promise<DrivingEvent[]> {
  const query = `query Events($tokenId: Int!, $from: Time!, $to: Time!) {
  events(tokenId: $tokenId, from: $from, to: $to) { timestamp name source durationNs metadata }
}`;
  const variables = { tokenId: target.tokenId, from: window.from, to: window.to };
  const body = parseResponse(eventsAnswerSchema, await postQuery(target, query, variables), "telemetry", "events");
  const rows = body.data?.events;
  if ((body.errors ?? []).length > 0 || rows === undefined) throw failure(body.errors ?? [], "the driving events");
  return (rows ?? []).map((row) => ({
    timestamp: row.timestamp,
    name: row.name,
    source: row.source,
    durationNs: row.durationNs,
    metadata: row.metadata ?? null,
  }));
}
