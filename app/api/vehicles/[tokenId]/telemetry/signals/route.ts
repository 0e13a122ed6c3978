import { resultResponse } from "@/lib/server/responses";
import { getVehicleSignals } from "@/lib/server/vehicle-signals";

/** GET: every signal the vehicle has with its latest value, for the Overview's signal groups and attention list. */
export async function GET(_request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return resultResponse(await getVehicleSignals({ tokenId: (await params).tokenId }));
}
