import { unrecordedKm } from "../seed/energy";
import { batteryAtNextStart, chargesFull, type PlugInBattery } from "../seed/plug-in-hybrid";
import { type DriveRecord } from "../store/drive-store";
import { routeOf, type VehicleSource } from "./vehicle-source";

/**
 * A plug-in hybrid's battery at the start of a trip. The seed does not store it: it is walked forward from the last
 * park that charged the battery full whatever its level (or from the first trip, which starts full), with the same
 * functions the seed's energy log uses, so both agree.
 */

/** How far back to look for a full charge; a car parked briefly this many times in a row is assumed full. */
const MAX_TRIPS_BACK = 64;

export function batteryAtStart(source: VehicleSource, drive: DriveRecord, battery: PlugInBattery): number {
  const chain: DriveRecord[] = [];
  let current = drive;
  for (let i = 0; i < MAX_TRIPS_BACK; i++) {
    const previous = source.drives.lastStartedBy(source.tokenId, current.startUs - 1);
    if (!previous || previous.seq >= current.seq) break;
    const parkedMs = (current.startUs - previous.endUs) / 1000;
    const moved = unrecordedKm(previous.end, current.start) > 0;
    if (!moved && chargesFull(source.tokenId, previous.seq, battery, parkedMs)) break;
    chain.unshift(previous);
    current = previous;
  }
  let percent = battery.chargeTargetPercent;
  chain.forEach((trip, i) => {
    const next = chain[i + 1] ?? drive;
    const km = routeOf(source, trip).lengthMetres / 1000;
    const moved = unrecordedKm(trip.end, next.start);
    const parkedMs = (next.startUs - trip.endUs) / 1000;
    percent = batteryAtNextStart(source.tokenId, trip.seq, battery, percent, km, moved, parkedMs);
  });
  return percent;
}
