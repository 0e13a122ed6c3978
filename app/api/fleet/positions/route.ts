import { getFleetPositions } from "@/lib/server/fleet";
import { resultResponse } from "@/lib/server/responses";

/**
 * GET: the license's vehicles' last known positions (approximate where that is all the grant gives) and the
 * refresher's progress, as JSON: `{ positions, progress, nowMs }` (FleetPositionsAnswer). The first read starts the
 * background refresher.
 */

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return resultResponse(await getFleetPositions());
}
