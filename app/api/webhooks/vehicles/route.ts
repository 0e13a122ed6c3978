import { resultResponse } from "@/lib/server/responses";
import { listVehicleChoices } from "@/lib/server/webhooks";

/** GET: the vehicles shared with the license, which a webhook may watch, with the privileges each grants. */

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return resultResponse(await listVehicleChoices());
}
