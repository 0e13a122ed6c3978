import { resultResponse } from "@/lib/server/responses";
import { findTripsDay } from "@/lib/server/trips";

/**
 * GET `?from=ISO&to=ISO`: the trips page's jump to a date, as JSON: the page holding the day and its newest trip, or
 * that the day is outside the vehicle's trips. A read, so a route: as an action it would wait behind any other action
 * of the same tab.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const query = new URL(request.url).searchParams;
  return resultResponse(
    await findTripsDay({
      tokenId: (await params).tokenId,
      from: query.get("from") ?? "",
      to: query.get("to") ?? "",
    }),
  );
}
