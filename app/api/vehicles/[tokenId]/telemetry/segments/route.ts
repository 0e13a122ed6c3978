import { resultResponse } from "@/lib/server/responses";
import { listSegmentsPage } from "@/lib/server/telemetry";

/** GET `?after=<time>`: a page of the trips detected from the signals over the last 30 days, for the trips page. */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const after = new URL(request.url).searchParams.get("after") ?? undefined;
  return resultResponse(await listSegmentsPage({ tokenId: (await params).tokenId, after }));
}
