import { resultResponse } from "@/lib/server/responses";
import { listRawEvents } from "@/lib/server/raw-data";

/**
 * GET `?type&source&producer&from&to&before`: one page of the vehicle's raw event headers, newest first; `before` is
 * the previous page's `next`.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const search = new URL(request.url).searchParams;
  return resultResponse(
    await listRawEvents({
      tokenId: (await params).tokenId,
      type: search.get("type") ?? undefined,
      source: search.get("source") ?? undefined,
      producer: search.get("producer") ?? undefined,
      from: search.get("from") ?? undefined,
      to: search.get("to") ?? undefined,
      before: search.get("before") ?? undefined,
    }),
  );
}
