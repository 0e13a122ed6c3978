import { resultResponse } from "@/lib/server/responses";
import { listVehicleWatchers } from "@/lib/server/webhooks";

/** GET: the license's webhooks that watch the vehicle, for its Overview. */

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await listVehicleWatchers({ tokenId: (await params).tokenId }));
}
