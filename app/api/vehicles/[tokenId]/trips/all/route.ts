import { longReadErrorResponse } from "@/lib/server/long-reads";
import { ndjsonResponse } from "@/lib/server/responses";
import { openAllTripsStream } from "@/lib/server/trips";

/**
 * GET: every trip of a vehicle for the all-trips map, streamed as NDJSON (see lib/geo/all-trips-stream.ts) while the
 * pages are fetched, four at a time; with `?since=<ISO time>`, only the pages reaching back to it. Closing the
 * request stops the fetching. One of the session's long reads: past the cap, 429 with Retry-After.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const since = new URL(request.url).searchParams.get("since") ?? undefined;
  const result = await openAllTripsStream({ tokenId: (await params).tokenId, since }, { signal: request.signal });
  return result.ok ? ndjsonResponse(result) : longReadErrorResponse(result.error);
}
