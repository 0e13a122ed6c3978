import { resultResponse } from "@/lib/server/responses";
import { getSignalHistory } from "@/lib/server/telemetry";

/** GET `?signal=speed&window=24h`: one signal's history for the Overview's chart. */
export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  const search = new URL(request.url).searchParams;
  return resultResponse(
    await getSignalHistory({
      tokenId: (await params).tokenId,
      signal: search.get("signal") ?? "",
      window: search.get("window") ?? "",
    }),
  );
}
