import "server-only";
import { type AppError, HTTP_STATUS, type Result } from "@/lib/result";

/**
 * Route handlers' answers: a guarded function's data as JSON, or its error as `{ error: AppError }` with the status
 * HTTP_STATUS gives its code. Like every result, only words for people leave the server.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

export function errorResponse(error: AppError): Response {
  return Response.json({ error }, { status: HTTP_STATUS[error.code], headers: NO_STORE });
}

export function resultResponse<T>(result: Result<T>): Response {
  return result.ok ? Response.json(result.data, { headers: NO_STORE }) : errorResponse(result.error);
}

/**
 * A guarded stream of NDJSON lines, sent as it is written, or its error: `Cache-Control: no-store`, and no buffering
 * by proxies that honour `X-Accel-Buffering`, which would hold the progress back until the end.
 */
export function ndjsonResponse(result: Result<ReadableStream<Uint8Array>>): Response {
  if (!result.ok) return errorResponse(result.error);
  return new Response(result.data, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
