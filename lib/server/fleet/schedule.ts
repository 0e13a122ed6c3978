import "server-only";
import { canReadSignals, canUse } from "@/lib/features";
import type { Vehicle } from "@/lib/models";
import { type PositionRecord, type StoredPosition } from "./position-store";

/**
 * Which vehicles the refresher reads, in which order, and which positions a view may show: pure, on the roster and
 * the stored records, so the rules are tested without a network.
 */

/**
 * A position is read again once it is this old. A fleet map is a glance at where vehicles stand, not tracking (a
 * webhook's delivery hints that a moving vehicle is worth reading sooner: hints.ts), and a parked vehicle's position
 * does not age. At DIMO's telemetry limit about 6,000 vehicles fit in this period, so up to that size no position is
 * older, and a larger fleet is read round and round, stalest first, without rest.
 */
export const REFRESH_AFTER_MS = 15 * 60_000;

/** A vehicle whose grant is still in force: the roster keeps those whose grant ran out since its last read, too. */
export function isLive(vehicle: Vehicle, nowMs: number): boolean {
  const end = vehicle.grant?.expiresAt;
  return vehicle.grant !== null && (!end || Date.parse(end) > nowMs);
}

/** Vehicles the refresher reads: any signal opens `lastSeen`, and the location with it where the grant allows. */
export const isReadable = (vehicle: Vehicle, nowMs: number) => isLive(vehicle, nowMs) && canReadSignals(vehicle.grant);

const readAtOf = (record: PositionRecord | undefined) => record?.readAt ?? null;

/**
 * The vehicles to read now: those hinted since their last read first (a webhook fired for them), then those never
 * read (in the roster's order), then those read longest ago; a vehicle read within `refreshAfterMs` and not hinted
 * since is left alone. When `reread` is false (nobody watches the map), only those never read.
 */
export function dueVehicles(
  vehicles: readonly Vehicle[],
  records: ReadonlyMap<number, PositionRecord>,
  nowMs: number,
  refreshAfterMs: number,
  reread = true,
  hints: ReadonlyMap<number, number> = new Map(),
): number[] {
  const hinted: number[] = [];
  const never: number[] = [];
  const stale: [tokenId: number, at: number][] = [];
  for (const vehicle of vehicles) {
    if (!isReadable(vehicle, nowMs)) continue;
    const at = readAtOf(records.get(vehicle.tokenId));
    const hintAt = hints.get(vehicle.tokenId);
    if (at === null) never.push(vehicle.tokenId);
    else if (reread && hintAt !== undefined && hintAt >= at) hinted.push(vehicle.tokenId);
    else if (reread && nowMs - at >= refreshAfterMs) stale.push([vehicle.tokenId, at]);
  }
  stale.sort((a, b) => a[1] - b[1]);
  return [...hinted, ...never, ...stale.map(([tokenId]) => tokenId)];
}

/** How long until the next vehicle is due; null when none is readable. */
export function nextDueInMs(
  vehicles: readonly Vehicle[],
  records: ReadonlyMap<number, PositionRecord>,
  nowMs: number,
  refreshAfterMs: number,
): number | null {
  let soonest: number | null = null;
  for (const vehicle of vehicles) {
    if (!isReadable(vehicle, nowMs)) continue;
    const at = readAtOf(records.get(vehicle.tokenId));
    const wait = at === null ? 0 : Math.max(0, at + refreshAfterMs - nowMs);
    soonest = soonest === null ? wait : Math.min(soonest, wait);
  }
  return soonest;
}

/**
 * The position a view may show under the vehicle's grant today: with the location privilege, the later of the exact
 * and the approximate one (an exact fix hours old says less than the area the vehicle is in now); with the approximate
 * privilege alone, only an approximate one (an earlier grant's exact fix stays hidden); none without.
 */
export function shownPosition(
  vehicle: Vehicle,
  record: PositionRecord | undefined,
): { position: StoredPosition; approximate: boolean } | null {
  const exact = record?.exact ?? null;
  const rough = record?.approximate ?? null;
  if (canUse(vehicle.grant, "location") && exact && (!rough || exact.atMs >= rough.atMs)) {
    return { position: exact, approximate: false };
  }
  return canUse(vehicle.grant, "approximateLocation") && rough ? { position: rough, approximate: true } : null;
}
