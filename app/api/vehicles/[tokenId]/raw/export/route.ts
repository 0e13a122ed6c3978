import { longReadErrorResponse } from "@/lib/server/long-reads";
import { openRawEventsExport } from "@/lib/server/raw-data";

/**
 * GET `?type&source&producer&from&to`: the vehicle's raw events of the filter as an NDJSON file, newest first,
 * streamed while the pages are read, at most RAW_EXPORT_MAX_EVENTS (the last line says whether the cap was reached).
 * One of the session's long reads: past the cap, 429 with Retry-After.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const result = await openRawEventsExport(
    {
      tokenId: (await params).tokenId,
      type: search.get("type") ?? undefined,
      source: search.get("source") ?? undefined,
      producer: search.get("producer") ?? undefined,
      from: search.get("from") ?? undefined,
      to: search.get("to") ?? undefined,
    },
    { signal: request.signal },
  );
  if (!result.ok) return longReadErrorResponse(result.error);
  return new Response(result.data.body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${result.data.fileName}"`,
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
