/**
 * The one result and error vocabulary of the dashboard, for server and browser alike (no server imports here).
 *
 * Every guarded server function (actions, route handlers, page reads) returns a `Result`; route handlers turn its
 * error into a status with `HTTP_STATUS`; the browser turns a result back into data or a thrown `AppFailure` with
 * `unwrap` (what react-query expects), and any thrown value into words with `toAppError`. An `AppError`'s message
 * is written for people: it never holds a stack, a token or an upstream body.
 */

/** Codes raised by the dashboard itself. */
type DashboardErrorCode = "UNAUTHENTICATED" | "INVALID_INPUT" | "INTERNAL" | "DASHBOARD_UNREACHABLE" | "INCOMPLETE";

/** Codes of what came back from DIMO, or failed on the way there (see lib/dimo/errors.ts). */
export type DimoErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "RATE_LIMITED"
  | "UPSTREAM_ERROR"
  | "UNAVAILABLE"
  | "TIMEOUT"
  | "NETWORK_ERROR"
  | "INVALID_RESPONSE"
  | "PRIVILEGE_MISSING"
  | "VEHICLE_NOT_SHARED"
  | "VEHICLE_NOT_FOUND"
  | "OFFER_ALREADY_REQUESTED"
  | "HTTP_ERROR";

export type ErrorCode = DashboardErrorCode | DimoErrorCode;

export interface AppError {
  code: ErrorCode;
  message: string;
  /** Whether the same request may work if tried again later (an outage, a rate limit), as opposed to a refusal. */
  retryable: boolean;
  /** The activity entry of the DIMO call that failed, when one did: the page links to its details. */
  callId?: string;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (error: AppError): { ok: false; error: AppError } => ({ ok: false, error });

export const UNAUTHENTICATED: AppError = {
  code: "UNAUTHENTICATED",
  message: "You are not signed in, or your session has ended. Sign in again.",
  retryable: false,
};

export const invalidInput = (message: string): AppError => ({ code: "INVALID_INPUT", message, retryable: false });

const UNREACHABLE: AppError = {
  code: "DASHBOARD_UNREACHABLE",
  message: "The dashboard's server did not answer. Check your connection, then try again.",
  retryable: true,
};

/**
 * The HTTP status a route handler answers each code with. Failures of DIMO itself are the dashboard's bad gateway
 * (502) unless a closer status says more: a refusal of the caller's input, a missing grant, a rate limit.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  INVALID_INPUT: 400,
  INTERNAL: 500,
  DASHBOARD_UNREACHABLE: 502,
  INCOMPLETE: 502,
  BAD_REQUEST: 502,
  UNAUTHORIZED: 502,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 502,
  RATE_LIMITED: 429,
  UPSTREAM_ERROR: 502,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
  NETWORK_ERROR: 502,
  INVALID_RESPONSE: 502,
  PRIVILEGE_MISSING: 403,
  VEHICLE_NOT_SHARED: 404,
  VEHICLE_NOT_FOUND: 404,
  OFFER_ALREADY_REQUESTED: 409,
  HTTP_ERROR: 502,
};

/** A failed result, thrown: what `unwrap` throws so that react-query sees an error with the server's words. */
export class AppFailure extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly callId: string | undefined;

  constructor(error: AppError) {
    super(error.message);
    this.name = "AppFailure";
    this.code = error.code;
    this.retryable = error.retryable;
    this.callId = error.callId;
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.data;
  throw new AppFailure(result.error);
}

/** What went wrong, in words: an AppFailure as the server described it; anything else as a lost connection. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) {
    const { code, message, retryable, callId } = error;
    return callId === undefined ? { code, message, retryable } : { code, message, retryable, callId };
  }
  return UNREACHABLE;
}

function isAppError(value: unknown): value is AppError {
  if (typeof value !== "object" || value === null) return false;
  const { code, message, retryable } = value as Record<string, unknown>;
  return (
    typeof code === "string" && code in HTTP_STATUS && typeof message === "string" && typeof retryable === "boolean"
  );
}

/**
 * The error a dashboard route answered with (`{ error: AppError }`, see lib/server/responses.ts), or, when the body
 * is something else (a proxy's error page), a generic one that names the status.
 */
export async function readErrorResponse(response: Response): Promise<AppError> {
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  if (isAppError(error)) return error;
  // The same rule as DIMO's own answers: another try only after a busy or failing server.
  const retryable = response.status >= 500 || response.status === 429;
  return {
    code: "HTTP_ERROR",
    message: `The dashboard's server answered ${response.status}. ${retryable ? "Try again in a moment." : "Its log has the details."}`,
    retryable,
  };
}

/** Fetches a dashboard route that answers JSON: the body, or an AppFailure with the route's own words. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    throw new AppFailure(UNREACHABLE);
  }
  if (!response.ok) throw new AppFailure(await readErrorResponse(response));
  return (await response.json()) as T;
}
