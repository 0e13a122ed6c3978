import { apiKeyInUse } from "@/lib/server/api-keys";
import { resultResponse } from "@/lib/server/responses";

export const dynamic = "force-dynamic";

/** GET: the API key in use, its dates and whether it expires within 30 days, for the page, the header's warning. */
export async function GET(): Promise<Response> {
  return resultResponse(await apiKeyInUse());
}
