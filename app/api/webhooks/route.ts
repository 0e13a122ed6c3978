import { resultResponse } from "@/lib/server/responses";
import { listWebhookRows } from "@/lib/server/webhooks";

/** GET: the license's webhooks with the vehicles each watches; a GET so that reading never queues behind an action. */

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return resultResponse(await listWebhookRows());
}
