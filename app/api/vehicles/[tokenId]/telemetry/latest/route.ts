import { resultResponse } from "@/lib/server/responses";
import { getLatestTelemetry } from "@/lib/server/telemetry";

/** GET: the vehicle's latest signals as JSON, for the Overview's refresh while it is open. */
export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await getLatestTelemetry({ tokenId: (await params).tokenId }));
}
