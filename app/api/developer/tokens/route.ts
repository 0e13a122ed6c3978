import { resultResponse } from "@/lib/server/responses";
import { describeTokens } from "@/lib/server/tokens";

export const dynamic = "force-dynamic";

/** GET: the cached tokens' claims and expiries as JSON, for the token inspector's polling; never a raw token. */
export async function GET(): Promise<Response> {
  return resultResponse(await describeTokens());
}
