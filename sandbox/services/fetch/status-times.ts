import { LRUCache } from "lru-cache";
import { type DriveRecord, type DriveTotals } from "../../store/drive-store";
import { DRIVE_EVERY_US, PARKED_EVERY_US, type VehicleSource } from "../../telemetry/samples";

/**
 * When a vehicle's device sent a status: the sample times of the drive simulation (sandbox/telemetry/samples.ts), found
 * from the trips alone, without generating a signal. Each drive tick, each trip's ignition-off sample and each parked
 * heartbeat is one status event. Walks only the trips around the range asked for, so a page of events or a count costs
 * a few trips, however long the vehicle's history.
 */

/** Bounds are exclusive, as the Fetch API's `after` and `before`; times are microseconds. */
export interface TimeRange {
  afterUs: number;
  beforeUs: number;
}

/** A trip's sample times inside the range, newest first: its drive ticks and its ignition-off sample. */
function driveTimesDesc(drive: DriveRecord, range: TimeRange, out: number[], limit: number): void {
  const { afterUs, beforeUs } = range;
  if (drive.endUs > afterUs && drive.endUs < beforeUs) out.push(drive.endUs);
  const lastTick = Math.ceil((drive.endUs - drive.startUs) / DRIVE_EVERY_US) - 1;
  const belowBefore = Math.ceil((beforeUs - drive.startUs) / DRIVE_EVERY_US) - 1;
  for (let k = Math.min(lastTick, belowBefore); k >= 0 && out.length < limit; k--) {
    const t = drive.startUs + k * DRIVE_EVERY_US;
    if (t <= afterUs) break;
    out.push(t);
  }
}

/** The heartbeats parked after `drive` until `untilUs` (the next trip's start), inside the range, newest first. */
function parkedTimesDesc(drive: DriveRecord, untilUs: number, range: TimeRange, out: number[], limit: number): void {
  const end = Math.min(untilUs, range.beforeUs);
  const first = Math.floor(drive.endUs / PARKED_EVERY_US) + 1;
  for (let m = Math.ceil(end / PARKED_EVERY_US) - 1; m >= first && out.length < limit; m--) {
    const t = m * PARKED_EVERY_US;
    if (t <= range.afterUs) break;
    out.push(t);
  }
}

const TRIPS_PER_STEP = 32;

/** Up to `limit` status times inside the range, newest first. */
export function statusTimesDesc(source: VehicleSource, range: TimeRange, limit: number): number[] {
  const out: number[] = [];
  if (range.beforeUs <= range.afterUs + 1) return out;
  const { drives, tokenId } = source;
  let next = drives.firstStartedFrom(tokenId, range.beforeUs);
  let trips = drives.newestStartedBy(tokenId, range.beforeUs - 1, TRIPS_PER_STEP);
  while (trips.length > 0) {
    for (const drive of trips) {
      if (out.length >= limit) return out;
      parkedTimesDesc(drive, next ? next.startUs : Infinity, range, out, limit);
      if (out.length >= limit) return out;
      driveTimesDesc(drive, range, out, limit);
      // Trips do not overlap: once one ends by `after`, every earlier one does too.
      if (drive.startUs <= range.afterUs) return out;
      next = drive;
    }
    trips = drives.newestStartedBy(tokenId, (trips[trips.length - 1] as DriveRecord).startUs - 1, TRIPS_PER_STEP);
  }
  return out;
}

/** The first status time inside the range (the oldest), or null. */
export function firstStatusTime(source: VehicleSource, range: TimeRange): number | null {
  const { drives, tokenId } = source;
  let drive = drives.lastStartedBy(tokenId, range.afterUs) ?? drives.firstStartedFrom(tokenId, range.afterUs);
  while (drive && drive.startUs < range.beforeUs) {
    const next = drives.firstStartedFrom(tokenId, drive.startUs + 1);
    const firstTick = Math.max(0, Math.floor((range.afterUs - drive.startUs) / DRIVE_EVERY_US) + 1);
    const tick = drive.startUs + firstTick * DRIVE_EVERY_US;
    if (tick < drive.endUs && tick > range.afterUs && tick < range.beforeUs) return tick;
    if (drive.endUs > range.afterUs && drive.endUs < range.beforeUs) return drive.endUs;
    const parked = Math.max(Math.floor(drive.endUs / PARKED_EVERY_US), Math.floor(range.afterUs / PARKED_EVERY_US)) + 1;
    if (parked * PARKED_EVERY_US < Math.min(next ? next.startUs : Infinity, range.beforeUs)) {
      return parked * PARKED_EVERY_US;
    }
    drive = next;
  }
  return null;
}

/** How many heartbeats a vehicle parked after a trip ending at `endUs` sends before `untilUs`. */
function parkedCount(endUs: number, untilUs: number): number {
  return Math.max(0, Math.ceil(untilUs / PARKED_EVERY_US) - (Math.floor(endUs / PARKED_EVERY_US) + 1));
}

/**
 * Totals over every trip up to and including `last`, kept by that trip: trips already driven never change (a live
 * vehicle only adds newer ones), so the scan of a long history runs once per vehicle, not once per request.
 */
const totalsUpTo = new LRUCache<string, DriveTotals>({ max: 5_000 });

/** The last trip started before `us` and the totals of the trips up to it; null before the first trip. */
export function tripsBefore(source: VehicleSource, us: number): { last: DriveRecord; totals: DriveTotals } | null {
  const { drives, tokenId } = source;
  const last = drives.lastStartedBy(tokenId, us - 1);
  if (!last) return null;
  const key = `${tokenId}:${last.startUs}:${last.endUs}`;
  let totals = totalsUpTo.get(key);
  if (!totals) {
    totals = drives.totals(tokenId, last.startUs + 1, [DRIVE_EVERY_US], PARKED_EVERY_US);
    if (!totals) return null;
    totalsUpTo.set(key, totals);
  }
  return { last, totals };
}

/** The number of status times before `us` (exclusive). */
function countBefore(source: VehicleSource, us: number): number {
  const before = tripsBefore(source, us);
  if (!before) return 0;
  const { last, totals } = before;
  // Every trip started before `us` counted whole, with the parked time between them; then the last trip cut at `us`.
  let count = (totals.ticks[0] ?? 0) + totals.trips + totals.parkedTicks;
  const ticks = Math.ceil((last.endUs - last.startUs) / DRIVE_EVERY_US);
  count -= ticks - Math.min(ticks, Math.ceil((us - last.startUs) / DRIVE_EVERY_US));
  if (last.endUs >= us) count -= 1;
  return count + parkedCount(last.endUs, us);
}

/** How many of a trip's sample times, and of the heartbeats parked after it until `untilUs`, lie inside the range. */
function countInTrip(drive: DriveRecord, untilUs: number, range: TimeRange): number {
  const { afterUs, beforeUs } = range;
  const lastTick = Math.min(
    Math.ceil((drive.endUs - drive.startUs) / DRIVE_EVERY_US),
    Math.ceil((beforeUs - drive.startUs) / DRIVE_EVERY_US),
  );
  const firstTick = Math.max(0, Math.floor((afterUs - drive.startUs) / DRIVE_EVERY_US) + 1);
  const ticks = Math.max(0, lastTick - firstTick);
  const end = drive.endUs > afterUs && drive.endUs < beforeUs ? 1 : 0;
  const firstParked = Math.max(Math.floor(drive.endUs / PARKED_EVERY_US), Math.floor(afterUs / PARKED_EVERY_US)) + 1;
  const parked = Math.max(0, Math.ceil(Math.min(untilUs, beforeUs) / PARKED_EVERY_US) - firstParked);
  return ticks + end + parked;
}

/** Up to this many trips in a range are counted one by one; a longer range is counted from the trip totals. */
const TRIPS_COUNTED_ONE_BY_ONE = 256;

/** The number of status times inside the range. */
export function countStatusTimes(source: VehicleSource, range: TimeRange): number {
  if (range.beforeUs <= range.afterUs + 1) return 0;
  const { drives, tokenId } = source;
  const trips = drives.newestStartedBy(tokenId, range.beforeUs - 1, TRIPS_COUNTED_ONE_BY_ONE);
  const oldest = trips[trips.length - 1];
  if (trips.length === TRIPS_COUNTED_ONE_BY_ONE && oldest && oldest.startUs > range.afterUs) {
    return countBefore(source, range.beforeUs) - countBefore(source, range.afterUs + 1);
  }
  let next = drives.firstStartedFrom(tokenId, range.beforeUs);
  let count = 0;
  for (const drive of trips) {
    count += countInTrip(drive, next ? next.startUs : Infinity, range);
    // Trips do not overlap: the first one started by `after` is the last with times inside.
    if (drive.startUs <= range.afterUs) break;
    next = drive;
  }
  return count;
}
