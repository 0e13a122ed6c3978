import { resultResponse } from "@/lib/server/responses";
import { listTripsPage } from "@/lib/server/trips";

/**
 * GET `?page=N`: one page of a vehicle's trips as JSON, for the trips page's client. A GET rather than a server
 * action because Next.js runs one client's actions one at a time, which would queue the prefetch of the next page
 * behind the page on screen; a route answers them side by side. The page's own prefetch reads through the same
 * guarded function, so the session check, input rules and error words are one.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  return resultResponse(await listTripsPage({ tokenId: (await params).tokenId, page }));
}
