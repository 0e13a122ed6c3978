import type { TripPathResult } from "@/lib/models";
import { type StreamErrorLine, toStreamError } from "@/lib/ndjson";

/**
 * The trips page's paths as NDJSON: one `path` message per trip as its path arrives (any order), then `done`, or an
 * `error` that ends the stream. The route writes these lines; the page reads them (lib/ndjson.ts) and draws each
 * path as it comes.
 */

export type TripPathsMessage =
  ({ type: "path" } & TripPathResult) | { type: "done"; upstreamRequests: number; cached: number } | StreamErrorLine;

export const encodePathsMessage = (message: TripPathsMessage): string => `${JSON.stringify(message)}\n`;

/** A parsed line, or null when it is not one of the messages (a broken line is skipped, not trusted). */
export function toPathsMessage(value: unknown): TripPathsMessage | null {
  if (typeof value !== "object" || value === null) return null;
  const message = value as Partial<TripPathsMessage> & Record<string, unknown>;
  if (message.type === "done") return message as TripPathsMessage;
  if (message.type === "error") {
    const error = toStreamError(message);
    return error ? { type: "error", ...error } : null;
  }
  if (message.type !== "path" || typeof message.tripId !== "string") return null;
  if (message.kind === "straight" && typeof message.reason === "string") return message as TripPathsMessage;
  const path = message.path as Record<string, unknown> | undefined;
  const wellFormed =
    message.kind === "route" &&
    Array.isArray(path?.coordinates) &&
    Array.isArray(path.times) &&
    Array.isArray(path.speeds) &&
    path.coordinates.length === path.times.length &&
    path.times.length === path.speeds.length;
  return wellFormed ? (message as TripPathsMessage) : null;
}
