import "server-only";
import { z } from "zod";
import { vehicleDid } from "@/lib/protocol";
import { tokenIdOfDid } from "@/lib/models/webhooks";
import { type PositionRecord } from "./position-store";

/**
 * What a Vehicle Triggers delivery says about where a vehicle is: a `dimo.trigger` CloudEvent about a vehicle of the
 * configured contract, with a signal (a location one gives the position) or an event (the time it was seen). DIMO
 * does not sign deliveries; what one claims is shown only for a vehicle of the roster, and a position only as far as
 * that vehicle's grant allows (schedule.ts, shownPosition).
 */

const LOCATION_SIGNALS: Record<string, boolean> = {
  currentLocationCoordinates: false,
  currentLocationApproximateCoordinates: true,
};

const deliverySchema = z.object({
  type: z.literal("dimo.trigger"),
  subject: z.string().optional(),
  data: z.object({
    assetDID: z.string().optional(),
    signal: z.object({ name: z.string(), timestamp: z.string(), value: z.unknown() }).optional(),
    event: z.object({ timestamp: z.string() }).optional(),
  }),
});

const coordinates = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) });

/** The vehicle a delivery is about and what it tells of it; null for anything that is not such a delivery. */
export function pushedRecord(
  body: unknown,
  vehicleContract: string,
  receivedAt: number,
): { tokenId: number; record: PositionRecord } | null {
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success) return null;
  const { subject, data } = parsed.data;
  const did = data.assetDID ?? subject ?? "";
  const tokenId = tokenIdOfDid(did);
  if (tokenId === null || did.toLowerCase() !== vehicleDid(tokenId, vehicleContract).toLowerCase()) return null;
  const at = Date.parse(data.signal?.timestamp ?? data.event?.timestamp ?? "");
  // A time from the future would keep the vehicle from being read again: the delivery's arrival bounds it.
  const seenMs = Number.isFinite(at) ? Math.min(at, receivedAt) : null;
  if (seenMs === null) return null;
  const approximate = data.signal ? LOCATION_SIGNALS[data.signal.name.replace(/^vss\./, "")] : undefined;
  const fix = approximate === undefined ? null : coordinates.safeParse(data.signal?.value);
  const position = fix?.success ? { lat: fix.data.latitude, lon: fix.data.longitude, atMs: seenMs } : null;
  return {
    tokenId,
    record: {
      exact: approximate === false ? position : null,
      approximate: approximate === true ? position : null,
      seenMs,
      readAt: null,
      pushedAt: position ? receivedAt : null,
    },
  };
}
