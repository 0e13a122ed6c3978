import { longReadErrorResponse } from "@/lib/server/long-reads";
import { openTripsExport } from "@/lib/server/trips";

/**
 * GET `?format=csv|geojson&page=N|all[&from=ISO&to=ISO]`: a vehicle's trips as a file to download, one page or all of
 * them (streamed while the pages are fetched), only those starting in `[from, to)` when a window is given. One of the
 * session's long reads: past the cap, 429 with Retry-After.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const result = await openTripsExport(
    {
      tokenId: (await params).tokenId,
      format: query.get("format") ?? "",
      page: query.get("page") ?? "1",
      // The time window (all-trips page): absent means every trip.
      from: query.get("from") ?? undefined,
      to: query.get("to") ?? undefined,
    },
    { signal: request.signal },
  );
  if (!result.ok) return longReadErrorResponse(result.error);
  const { body, mediaType, fileName } = result.data;
  return new Response(body, {
    headers: {
      "Content-Type": mediaType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
