import { resultResponse } from "@/lib/server/responses";
import { listRawEventTypes } from "@/lib/server/raw-data";

/** GET: the vehicle's raw event types with their counts and first and last times, for the Raw data tab. */
export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await listRawEventTypes({ tokenId: (await params).tokenId }));
}
