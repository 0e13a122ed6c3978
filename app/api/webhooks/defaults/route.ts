import { resultResponse } from "@/lib/server/responses";
import { webhookFormDefaults } from "@/lib/server/webhooks";

/**
 * GET: what the create form starts from: this dashboard's inbox address, the token it answers the verification with,
 * and the street style of the geofence helper's map.
 */

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return resultResponse(await webhookFormDefaults());
}
