import { resultResponse } from "@/lib/server/responses";
import { listOffers } from "@/lib/server/valuation";

/**
 * GET: the vehicle's offer sets and its instant-offer request as JSON, which the value page polls while a request
 * runs. A GET rather than a server action because Next.js runs one client's actions one at a time: a poll through an
 * action would queue behind the request of offers (and every other action of the tab), and hold them up in turn.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await listOffers({ tokenId: (await params).tokenId }));
}
