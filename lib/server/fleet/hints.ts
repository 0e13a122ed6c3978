import "server-only";
import { z } from "zod";
import { vehicleDid } from "@/lib/protocol";
import { tokenIdOfDid } from "@/lib/models/webhooks";

/**
 * What a webhook delivery may do to the fleet: hint that one vehicle is worth reading again. DIMO does not sign
 * deliveries and anyone who knows the inbox's address can post one, so nothing a delivery says is kept or shown as the
 * vehicle's position: the refresher reads the vehicle from the Telemetry API, and the map shows that answer.
 */

/**
 * A vehicle hinted is read again at most this often: a moving vehicle's webhook fires far more often, and a map a few
 * minutes behind is still a glance at where the fleet stands (the refresher's own period is three times longer).
 */
export const HINT_EVERY_MS = 5 * 60_000;

/**
 * Hints taken a minute for the license, whatever the vehicles: each costs one Telemetry API request, under the same
 * limit people's own pages use (DIMO_RATE_LIMITS). Thirty a minute is one read every two seconds, a small share of
 * that limit, so a flood of posts cannot crowd out anyone's page; past it, hints are dropped and the vehicles wait for
 * the refresher's own round.
 */
export const HINTS_PER_MINUTE = 30;

const deliverySchema = z.object({
  type: z.literal("dimo.trigger"),
  subject: z.string().optional(),
  data: z.object({ assetDID: z.string().optional() }),
});

/** The vehicle a Vehicle Triggers delivery is about, when it is one of the configured contract's; null otherwise. */
export function hintedVehicle(body: unknown, vehicleContract: string): number | null {
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success) return null;
  const did = parsed.data.data.assetDID ?? parsed.data.subject ?? "";
  const tokenId = tokenIdOfDid(did);
  return tokenId !== null && did.toLowerCase() === vehicleDid(tokenId, vehicleContract).toLowerCase() ? tokenId : null;
}
