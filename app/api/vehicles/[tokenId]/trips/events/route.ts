import { resultResponse } from "@/lib/server/responses";
import { listTripEvents } from "@/lib/server/trip-events";

/** GET `?from=<time>&to=<time>`: the vehicle's driving events in that span, for the trips page's list and map. */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const search = new URL(request.url).searchParams;
  return resultResponse(
    await listTripEvents({
      tokenId: (await params).tokenId,
      from: search.get("from") ?? "",
      to: search.get("to") ?? "",
    }),
  );
}
