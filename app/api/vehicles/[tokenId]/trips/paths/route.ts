import { longReadErrorResponse } from "@/lib/server/long-reads";
import { ndjsonResponse } from "@/lib/server/responses";
import { openTripPathsStream } from "@/lib/server/trip-paths";

/**
 * GET `?page=N`: the routes of one page of a vehicle's trips, streamed as NDJSON (lib/geo/trip-paths-stream.ts) as
 * each trip's path arrives from the Telemetry API, so the map draws them as they come. Closing the request stops it.
 * One of the session's long reads: past the cap, 429 with Retry-After.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  const result = await openTripPathsStream({ tokenId: (await params).tokenId, page }, { signal: request.signal });
  return result.ok ? ndjsonResponse(result) : longReadErrorResponse(result.error);
}
