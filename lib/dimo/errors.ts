import "server-only";
import { type DimoService } from "@/lib/protocol";
import { type DimoErrorCode } from "@/lib/result";
import { redact } from "./redact";

/**
 * The one error type for everything that comes back from DIMO, or fails on the way there. `code` is stable enough to
 * branch on (DimoErrorCode, in lib/result.ts); `message` is for developers and logs, already free of secrets; words for people come
 * from describeError().
 */

export interface DimoErrorInit {
  service: DimoService;
  /** The HTTP status, or null when no response came back (timeout, network error) or none was needed. */
  status: number | null;
  code: DimoErrorCode;
  message: string;
  retryable: boolean;
  /** The service's own error code, when it sent one (OAuth `error`, GraphQL `extensions.code`, JSON `code`). */
  upstreamCode?: string;
  /** The service's own message, redacted; describeError quotes it where it helps a person. */
  upstreamMessage?: string;
}

export class DimoError extends Error {
  readonly service: DimoService;
  readonly status: number | null;
  readonly code: DimoErrorCode;
  readonly retryable: boolean;
  readonly upstreamCode: string | undefined;
  readonly upstreamMessage: string | undefined;
  /** The activity entry of the call that failed, set when the call is logged; absent for errors raised without one. */
  callId: string | undefined;

  constructor(init: DimoErrorInit) {
    super(redact(init.message));
    this.name = "DimoError";
    this.service = init.service;
    this.status = init.status;
    this.code = init.code;
    this.retryable = init.retryable;
    this.upstreamCode = init.upstreamCode;
    this.upstreamMessage = init.upstreamMessage === undefined ? undefined : redact(init.upstreamMessage);
  }

  /** A plain object for logs and JSON; the stack stays out. */
  toJSON() {
    const { service, status, code, message, retryable, upstreamCode, callId } = this;
    return { name: this.name, service, status, code, message, retryable, upstreamCode, callId };
  }
}

/** An answer the client cannot use: a body off its schema, a token that is no JWT, a challenge it will not sign. */
export function invalidResponse(service: DimoService, message: string): DimoError {
  return new DimoError({ service, status: null, code: "INVALID_RESPONSE", message, retryable: false });
}

export function isDimoError(value: unknown): value is DimoError {
  return value instanceof DimoError;
}

/** Statuses worth another try: the service was busy or a proxy in front of it failed. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export function codeForStatus(status: number): DimoErrorCode {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 405:
      return "METHOD_NOT_ALLOWED";
    case 429:
      return "RATE_LIMITED";
    case 502:
    case 503:
    case 504:
      return "UNAVAILABLE";
    default:
      return status >= 500 ? "UPSTREAM_ERROR" : "HTTP_ERROR";
  }
}
