import { resultResponse } from "@/lib/server/responses";
import { getRawEvent } from "@/lib/server/raw-data";

/**
 * GET `?id&source[&download=1]`: one raw event with its payload as JSON; with `download=1`, as a file named after
 * the event.
 */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const tokenId = (await params).tokenId;
  const result = await getRawEvent({
    tokenId,
    id: search.get("id") ?? "",
    source: search.get("source") ?? undefined,
  });
  const response = resultResponse(result);
  if (!result.ok || search.get("download") !== "1") return response;
  const name = `vehicle-${tokenId}-event-${result.data.header.id.replace(/[^\w.-]/g, "_")}.json`;
  response.headers.set("Content-Disposition", `attachment; filename="${name}"`);
  return response;
}
