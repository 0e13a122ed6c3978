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

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/**
 * The auth service's error page, shaped like the one DIMO's dex fork renders for errors it shows to a person rather
 * than redirects: a full HTML document whose panel has the status text as its heading and the message as a
 * paragraph. The message is the same text as the JSON error's.
 */
export function htmlErrorPage(status: ContentfulStatusCode, statusText: string, message: string): Response {
  const body = [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '  <meta charset="utf-8">',
    '  <meta name="viewport" content="width=device-width, initial-scale=1">',
    "  <title>DIMO</title>",
    "</head>",
    "<body>",
    '  <div class="theme-navbar"><span class="theme-navbar__logo">DIMO</span></div>',
    '  <div class="dex-container">',
    '    <div class="theme-panel">',
    `      <h2 class="theme-heading">${escapeHtml(statusText)}</h2>`,
    `      <p>${escapeHtml(message)}</p>`,
    "    </div>",
    "  </div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

/** A plain-text error, as Go services without a JSON error handler answer (Fiber's default). */
export function plainText(status: ContentfulStatusCode, message: string): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
