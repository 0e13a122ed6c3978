import { readActivity } from "@/lib/server/activity";
import { longReadErrorResponse } from "@/lib/server/long-reads";
import { resultResponse } from "@/lib/server/responses";

/**
 * GET: the API activity log, live, as Server-Sent Events (a `snapshot`, then one `entry` event per new call);
 * `?tokenId=N` keeps one vehicle's calls; `?format=json` answers the snapshot once as JSON. The stream ends with the
 * session, and is one of the session's long reads: past the cap, 429 with Retry-After.
 */

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const result = await readActivity(
    { tokenId: query.get("tokenId") ?? undefined, format: query.get("format") ?? undefined },
    { signal: request.signal },
  );
  if (!result.ok) return longReadErrorResponse(result.error);
  if (result.data.format === "json") return resultResponse({ ok: true, data: { entries: result.data.entries } });
  return new Response(result.data.stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the server's compression from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
