import { resultResponse } from "@/lib/server/responses";
import { getValuation } from "@/lib/server/valuation";

/** GET: the vehicle's latest valuation as JSON (null when DIMO has none), for the value page's client. */
export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await getValuation({ tokenId: (await params).tokenId }));
}
