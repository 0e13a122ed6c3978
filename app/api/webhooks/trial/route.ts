import { longReadErrorResponse } from "@/lib/server/long-reads";
import { resultResponse } from "@/lib/server/responses";
import { tryWebhookOnHistory } from "@/lib/server/webhook-trial";

/**
 * GET `?service=&metricName=&condition=&coolDownPeriod=&tokenIds=1,2`: how often the condition would have fired over
 * the last days of the vehicles' history (the first vehicles the metric can be read on when none are named). A read
 * with no side effects, so the form may ask before anything is saved. One of the session's long reads: past the cap,
 * 429 with Retry-After; closing the request frees its slot and stops the reading.
 */

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const tokenIds = (query.get("tokenIds") ?? "").split(",").filter((id) => id.trim() !== "");
  // An empty cooldown is a missing one, refused, rather than the 0 a number coercion would make of it.
  const coolDownPeriod = query.get("coolDownPeriod")?.trim() || undefined;
  const result = await tryWebhookOnHistory(
    {
      service: (query.get("service") ?? "") as "signals",
      metricName: query.get("metricName") ?? "",
      condition: query.get("condition") ?? "",
      coolDownPeriod,
      ...(tokenIds.length > 0 ? { tokenIds } : {}),
    },
    { signal: request.signal },
  );
  return result.ok ? resultResponse(result) : longReadErrorResponse(result.error);
}
