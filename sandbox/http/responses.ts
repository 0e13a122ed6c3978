import { type Context } from "hono";
import { type ContentfulStatusCode } from "hono/utils/http-status";

/** The data services' error body: `{"code": 401, "message": "..."}`. */
export function codeMessage(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ code: status, message }, status);
}

/** The auth service's error body: `{"status": 400, "message": "..."}`. */
export function statusMessage(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ status, message }, status);
}

/** A JSON response from an already serialized body, so stored JSON is sent without parsing it again. */
export function rawJson(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "content-type": "application/json; charset=UTF-8" } });
}
