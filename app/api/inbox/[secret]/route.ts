import { inboxFor, recordDelivery } from "@/lib/server/inbox";

/**
 * POST: the dashboard's inbox as a webhook target. Unauthenticated by design: DIMO's Vehicle Triggers API sends no
 * credentials and does not sign deliveries, so the unguessable secret in the path is the only guard. Answers the
 * registration's verification call (`{"verification": ...}`) with the inbox's token, and records every other body.
 */

export const dynamic = "force-dynamic";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

function isVerification(text: string): boolean {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === "object" && body !== null && !Array.isArray(body) && "verification" in body;
  } catch {
    return false;
  }
}

export async function POST(request: Request, { params }: { params: Promise<{ secret: string }> }): Promise<Response> {
  const { secret } = await params;
  const keys = typeof secret === "string" ? await inboxFor(secret) : null;
  // The path's secret is the inbox's one credential: without it there is nothing here, and nothing says otherwise.
  if (!keys) return new Response("No inbox at this address.", { status: 404, headers: TEXT });
  const text = await request.text();
  if (isVerification(text)) return new Response(keys.token, { status: 200, headers: TEXT });
  await recordDelivery(keys.secret, {
    text,
    contentType: request.headers.get("content-type"),
    userAgent: request.headers.get("user-agent"),
  });
  return new Response("ok", { status: 200, headers: TEXT });
}
