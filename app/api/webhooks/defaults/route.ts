import { resultResponse } from "@/lib/server/responses";
import { webhookFormDefaults } from "@/lib/server/webhooks";

/** GET: what the create form starts from: this dashboard's inbox address and the token it answers the verification with. */

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return resultResponse(await webhookFormDefaults());
}
