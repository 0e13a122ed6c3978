import { type ActivityService } from "@/lib/protocol";

/** The API activity log: one entry per call to DIMO, redacted. */

/**
 * What it takes to send the same request again (the developer tools' "copy as cURL"), minus every secret: the
 * bearer token is named by its kind only, and a request whose body or query carried a signature, a state or anything
 * else the log does not keep is marked as not replayable instead.
 */
export interface ActivityReplay {
  /** Request headers that carry no secret (Accept, Content-Type). Never Authorization. */
  headers: Record<string, string>;
  /** The exact body sent, when it carries no secret. */
  body?: string;
  /** The kind of token sent as `Authorization: Bearer`, when one was. */
  bearer?: "developer" | "vehicle";
  /** Null when the request can be sent again as logged; otherwise why not, in words. */
  notReplayable: string | null;
}

/** A request or response as the activity log keeps it: redacted (no key, token or signature) and bounded in size. */
export interface ActivityMessage {
  /** Lower-case names; credentials show only as "Bearer [redacted]" or "[redacted]". */
  headers: Record<string, string>;
  /** The body, redacted and cut to LOGGED_BODY_MAX characters (lib/dimo/redact.ts); absent when there was none. */
  body?: string;
  /** True when the body was longer than what is kept. */
  truncated?: boolean;
}

/** One HTTP attempt of a call: its status (null without a response) and how long it took. */
export interface ActivityAttempt {
  status: number | null;
  durationMs: number;
}

export interface ActivityEntry {
  id: string;
  /** When the call started, ISO 8601. */
  at: string;
  method: string;
  service: ActivityService;
  /** The path below the service's base address, with only harmless query parameters. */
  path: string;
  /** The full address, with the same query rule as `path`. */
  url: string;
  /** The last HTTP status seen; null when no response came back or no request was needed. */
  status: number | null;
  durationMs: number;
  /** HTTP attempts made; 0 for a cache hit. */
  attempts: number;
  /**
   * "hit": a cached token or vehicle grant served the call and no request was made; "miss": this request fetched a
   * token because none was cached; "none": a data call.
   */
  cache: "hit" | "miss" | "none";
  error?: string;
  tokenKind?: "developer" | "vehicle";
  tokenId?: number;
  /** For a shared call (the Developer JWT's challenge flow or cache hit): the vehicle whose token exchange it served. */
  forTokenId?: number;
  /** Absent for cache hits, which sent nothing. */
  replay?: ActivityReplay;
  /** What was sent and what came back last, redacted; absent for cache hits. */
  request?: ActivityMessage;
  response?: ActivityMessage;
  /** Each HTTP attempt (retries after the first), oldest first; absent for cache hits. */
  tries?: ActivityAttempt[];
  /** A raw token copied by a person (method "COPY"): who copied it, and the token's fingerprint (never the token). */
  copiedBy?: `0x${string}`;
  tokenFingerprint?: string;
  /** What DIMO's credit tracker charges for the call (lib/dimo/credits-log.ts); absent for a free one. */
  credits?: number;
}
