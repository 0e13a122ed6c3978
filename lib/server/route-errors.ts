import "server-only";
import { describeError } from "@/lib/dimo/describe-error";
import { isDimoError } from "@/lib/dimo/errors";
import { redact } from "@/lib/dimo/redact";
import type { ActionError } from "@/lib/actions/guard";

/**
 * Errors of the route handlers, as JSON `{ error: { code, message, retryable } }` with a fitting status. Like the
 * action guard, only words for people leave the server: no stack, token or upstream body.
 */

const STATUS_BY_CODE: Record<string, number> = {
  UNAUTHENTICATED: 401,
  INVALID_INPUT: 400,
  VEHICLE_NOT_FOUND: 404,
  VEHICLE_NOT_SHARED: 404,
  PRIVILEGE_MISSING: 403,
  RATE_LIMITED: 429,
};

export function errorResponse(error: ActionError, status = STATUS_BY_CODE[error.code] ?? 502): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

export const UNAUTHENTICATED_RESPONSE = () =>
  errorResponse({ code: "UNAUTHENTICATED", message: "You are not signed in, or your session has ended. Sign in again.", retryable: false });

export function invalidInput(message: string): Response {
  return errorResponse({ code: "INVALID_INPUT", message, retryable: false });
}

export function failureResponse(error: unknown, where: string): Response {
  if (!isDimoError(error)) {
    const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    console.error(`[${where}] unexpected error: ${redact(detail)}`);
    return errorResponse(describeError(error), 500);
  }
  return errorResponse(describeError(error));
}
