import { resultResponse } from "@/lib/server/responses";
import { getOfferRequest } from "@/lib/server/valuation";

/**
 * GET: the vehicle's instant-offer request in progress or just ended as JSON (null when there is none), which the
 * value page polls for a grant that may request offers but not read them. Starting one is the action's
 * (requestInstantOfferAction); this only reads.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await getOfferRequest({ tokenId: (await params).tokenId }));
}
