import { getSession } from "@/lib/auth/session";
import { getVehicle } from "@/lib/dimo";
import { failureResponse, invalidInput, errorResponse, UNAUTHENTICATED_RESPONSE } from "@/lib/server/route-errors";
import { allTripsStream } from "@/lib/server/trip-streams";
import { parseTokenId } from "@/lib/server/vehicle-params";

/**
 * GET: every trip of a vehicle for the all-trips map, streamed as NDJSON (see lib/geo/all-trips-stream.ts) while the
 * pages are fetched, four at a time. Closing the request stops the fetching.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  if ((await getSession()) === null) return UNAUTHENTICATED_RESPONSE();
  const tokenId = parseTokenId((await params).tokenId);
  if (tokenId === null) return invalidInput("tokenId must be a positive whole number");

  try {
    // Refuse an unknown vehicle or a grant without location history before the stream starts, with a status.
    const vehicle = await getVehicle(tokenId);
    if (vehicle === null) {
      return errorResponse({ code: "VEHICLE_NOT_FOUND", message: `Vehicle ${tokenId} is not shared with this Developer License.`, retryable: false });
    }
    if (!vehicle.grant?.privileges.includes(4)) {
      return errorResponse({
        code: "PRIVILEGE_MISSING",
        message: "This vehicle's grant does not include Location history (privilege 4), which trips need. Ask the owner to share it.",
        retryable: false,
      });
    }
  } catch (error) {
    return failureResponse(error, "all trips");
  }

  return new Response(allTripsStream(tokenId, request.signal), {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-store",
      // Proxies that buffer would hold the progress back until the end.
      "X-Accel-Buffering": "no",
    },
  });
}
