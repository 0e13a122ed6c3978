import { errorResponse } from "@/lib/server/route-errors";
import { listTripsAction } from "@/lib/actions/trips";

/**
 * GET `?page=N`: one page of a vehicle's trips as JSON, for the trips page's client. A GET rather than the server
 * action itself because Next.js runs one client's actions one at a time, which would queue the prefetch of the next
 * page behind the page on screen; a route answers them side by side. The same guarded function serves both, so the
 * session check, input rules and error words are one.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  const result = await listTripsAction({ tokenId: (await params).tokenId, page });
  if (!result.ok) return errorResponse(result.error);
  return Response.json(result.data, { headers: { "Cache-Control": "private, no-store" } });
}
