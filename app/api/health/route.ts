/**
 * GET: 200 `{ "ok": true }` to anyone, with no session. A load balancer's liveness check in front of several
 * instances, and the bench's bare route (what a request costs the server with nothing behind it). It reads no
 * session, configuration, store or upstream, so it tells no one anything but that this process answers.
 */

// Every request runs the handler: a liveness check answered from a build-time copy would say nothing.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
