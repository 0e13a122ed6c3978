import { resultResponse } from "@/lib/server/responses";
import { validateCondition } from "@/lib/server/webhooks";

/**
 * GET `?service=&metricName=&condition=`: the server's check of a condition with the Vehicle Triggers API's CEL rules,
 * `{ error: null }` when it would be accepted. A read with no side effects, so the form may ask as it is typed.
 */

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  return resultResponse(
    await validateCondition({
      service: (query.get("service") ?? "") as "signals",
      metricName: query.get("metricName") ?? "",
      condition: query.get("condition") ?? "",
    }),
  );
}
