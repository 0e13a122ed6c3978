import "server-only";
import { parseResponse } from "../parse";
import { latestAnswerSchema } from "../schemas/telemetry";
import { type TelemetryTarget, failure, isPrivilegeRefusal, postQuery, seenAt } from "./query";

/**
 * The fleet map's read of one vehicle: when it was last seen and its last location, one location field at most, so
 * a fleet's worth of them stays one small Telemetry API request a vehicle.
 */

export type PositionSignal = "currentLocationCoordinates" | "currentLocationApproximateCoordinates";

export interface LastPosition {
  /** When the vehicle last sent any signal; null when it never did. */
  lastSeen: string | null;
  /** Its last location; null when it has none, or none was asked for. */
  location: { latitude: number; longitude: number; timestamp: string; approximate: boolean } | null;
}

export async function fetchLastPosition(target: TelemetryTarget, signal: PositionSignal | null): Promise<LastPosition> {
  const field = signal ? `\n    ${signal} { timestamp value { latitude longitude } }` : "";
  const query = `query LastPosition($tokenId: Int!) {
  signalsLatest(tokenId: $tokenId) {
    lastSeen${field}
  }
}`;
  const body = parseResponse(
    latestAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId }),
    "telemetry",
    "last position",
  );
  const errors = body.errors ?? [];
  const latest = body.data?.signalsLatest;
  // A refused location beside a lastSeen is still an answer; anything else wrong is a failure.
  if (!body.data || errors.some((error) => !isPrivilegeRefusal(error))) throw failure(errors, "the last position");
  const fields = latest as Record<string, { timestamp: string; value: unknown } | null | undefined> | null | undefined;
  const entry = signal ? fields?.[signal] : null;
  const value =
    entry && typeof entry.value === "object" ? (entry.value as { latitude: number; longitude: number }) : null;
  return {
    lastSeen: seenAt(latest?.lastSeen),
    location:
      entry && value
        ? {
            latitude: value.latitude,
            longitude: value.longitude,
            timestamp: entry.timestamp,
            approximate: signal === "currentLocationApproximateCoordinates",
          }
        : null,
  };
}
