import "server-only";
import { vehicleTitle } from "@/lib/roster/vehicle-title";
import { canUse } from "@/lib/features";
import type { FleetPosition, FleetPositionsView } from "@/lib/models/fleet";
import type { Vehicle } from "@/lib/models";
import { type PositionRecord, type RefresherState } from "./position-store";
import { isLive, isReadable, shownPosition } from "./schedule";

/** A measured rate older than this says nothing about the run now: the pacer's rate stands in for it. */
const RATE_TRUSTED_MS = 5 * 60_000;

export interface ViewInput {
  vehicles: readonly Vehicle[];
  records: ReadonlyMap<number, PositionRecord>;
  state: RefresherState;
  running: boolean;
  /** Vehicles a second at DIMO's limits, as the client's pacer spaces the Telemetry API's requests. */
  pacedRate: number;
  nowMs: number;
}

/**
 * The fleet map's view: the positions the grants allow, each vehicle's last time seen, and how far the refresher is.
 * The estimate divides the vehicles not read yet by the rate the refresher last measured (its own requests and
 * everyone else's share the pacer), or, before it measured one, by the pacer's rate.
 */
export function fleetPositionsView({
  vehicles,
  records,
  state,
  running,
  pacedRate,
  nowMs,
}: ViewInput): FleetPositionsView {
  const positions: FleetPosition[] = [];
  const lastSeenMs: Record<number, number> = {};
  let total = 0;
  let read = 0;
  let withoutLocationGrant = 0;
  let remaining = 0;
  for (const vehicle of vehicles) {
    if (!isLive(vehicle, nowMs)) continue;
    total += 1;
    const record = records.get(vehicle.tokenId);
    if (!canUse(vehicle.grant, "approximateLocation")) withoutLocationGrant += 1;
    if (record?.readAt != null) read += 1;
    else if (isReadable(vehicle, nowMs)) remaining += 1;
    if (record?.seenMs != null) lastSeenMs[vehicle.tokenId] = record.seenMs;
    const shown = shownPosition(vehicle, record);
    if (shown) {
      positions.push({
        tokenId: vehicle.tokenId,
        name: vehicleTitle(vehicle),
        lat: shown.position.lat,
        lon: shown.position.lon,
        approximate: shown.approximate,
        atMs: shown.position.atMs,
      });
    }
  }
  const measured = state.rate && nowMs - state.rate.at < RATE_TRUSTED_MS ? state.rate.perSecond : null;
  const rate = measured ?? pacedRate;
  return {
    positions,
    progress: {
      total,
      withPosition: positions.length,
      read,
      withoutLocationGrant,
      remainingSeconds: remaining > 0 && rate > 0 ? Math.ceil(remaining / rate) : null,
      running,
      failure: state.failure?.message ?? null,
    },
    lastSeenMs,
    nowMs,
  };
}
