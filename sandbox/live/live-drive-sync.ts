import type Database from "better-sqlite3";
import { type EnergyTrip, nextTripEnergy, powertrainOf } from "../seed/energy";
import { METROS } from "../seed/metros";
import { tripRoute } from "../seed/trip-generator";
import { tripBody } from "../seed/trip-json";
import { type DriveRecord, type DriveStore } from "../store/drive-store";
import { type VehicleStore } from "../store/vehicle-store";
import { liveTripId, type LiveVehicle, nextLiveTrip } from "./live-trips";

/**
 * Writes live vehicles' drives into the stores as the sandbox's clock reaches them, so that every service reads a
 * live drive exactly as it reads a seeded one: the telemetry service regenerates its signals from its `drives` row,
 * and the trips service pages its stored JSON.
 *
 * Written rather than computed on every read: a drive's odometer and battery level follow from the drive before (its
 * length, a charge while parked), so a drive computed on demand would walk the vehicle's whole life, and the trips
 * service pages stored rows. Written once, a live drive costs a read what a seeded one costs.
 *
 * For a clock at `now` the stores hold:
 * - in `drives`, every drive that started by now and the next one, so a drive under way and the stop before the
 *   next are generated as they will stay, whenever they are read;
 * - in `trips`, every drive that ended by now.
 * A clock set back takes away what lies after it (never the seeded history). A clock moved far ahead (a test expiring
 * a grant, a sandbox started after a long pause) resumes the timetable at most `CATCH_UP_US` before now: the vehicle
 * stood parked through the rest, and catching up stays cheap.
 */

const CATCH_UP_US = 2 * 86_400e6;

export interface LiveDriveStores {
  db: Database.Database;
  drives: DriveStore;
  vehicles: VehicleStore;
  /** The seed's anchor: drives that ended by then are the seeded history. */
  anchorMs: number;
}

export class LiveDriveSync {
  constructor(
    private readonly stores: LiveDriveStores,
    private readonly vehicles: readonly LiveVehicle[],
  ) {
    for (const vehicle of vehicles) {
      // The drives table keeps one level; a plug-in hybrid's battery beside its tank would need its own walk.
      if (powertrainOf(vehicle.model).plugIn) throw new Error(`a live vehicle cannot be a plug-in hybrid`);
    }
  }

  /** Brings every live vehicle's drives and listed trips to the clock at `nowMs`. */
  sync(nowMs: number): void {
    const { db } = this.stores;
    if (!db.open) return;
    db.transaction(() => {
      for (const vehicle of this.vehicles) this.syncVehicle(vehicle, Math.round(nowMs * 1000));
    })();
  }

  private syncVehicle(vehicle: LiveVehicle, nowUs: number): void {
    const { drives } = this.stores;
    const id = vehicle.tokenId;
    const keptUs = Math.max(nowUs, this.stores.anchorMs * 1000);
    const next = drives.firstStartedFrom(id, keptUs + 1);
    if (next) drives.removeStartedAfter(id, next.startUs);
    let last = drives.lastStartedBy(id, Number.MAX_SAFE_INTEGER);
    if (!last) return;
    let lastRoadMetres: number | null = null;
    while (last.startUs <= nowUs) {
      lastRoadMetres ??= tripRoute(id, METROS[vehicle.metro], last.seq, last.start, last.end).lengthMetres;
      const added = this.append(vehicle, last, lastRoadMetres, nowUs);
      last = added.drive;
      lastRoadMetres = added.roadMetres;
    }
    this.listCompleted(id, keptUs);
  }

  /** Writes the drive after `last`, with the odometer and level it starts with. */
  private append(
    vehicle: LiveVehicle,
    last: DriveRecord,
    lastRoadMetres: number,
    nowUs: number,
  ): { drive: DriveRecord; roadMetres: number } {
    const resumeUs = Math.max(last.endUs, nowUs - CATCH_UP_US);
    const trip = nextLiveTrip(vehicle, { seq: last.seq, endUs: resumeUs, end: last.end });
    const lastTrip: EnergyTrip = {
      seq: last.seq,
      startMicros: last.startUs,
      endMicros: last.endUs,
      routeStart: last.start,
      routeEnd: last.end,
      roadMetres: lastRoadMetres,
    };
    const atLastStart = { odometerKm: last.odometerKm, levelPercent: last.levelPercent, batteryPercent: null };
    const energy = nextTripEnergy(vehicle.tokenId, powertrainOf(vehicle.model), lastTrip, atLastStart, trip);
    const drive: DriveRecord = {
      startUs: trip.startMicros,
      endUs: trip.endMicros,
      seq: trip.seq,
      start: trip.routeStart,
      end: trip.routeEnd,
      odometerKm: energy.odometerKm,
      levelPercent: energy.levelPercent,
    };
    this.stores.drives.insert(vehicle.tokenId, drive);
    return { drive, roadMetres: trip.roadMetres };
  }

  /** Lists the drives that ended by `keptUs` with the trips service, and unlists those that had not. */
  private listCompleted(tokenId: number, keptUs: number): void {
    const { drives, vehicles } = this.stores;
    const listed = vehicles.get(tokenId)?.tripCount ?? 0;
    const newest = drives.lastStartedBy(tokenId, keptUs);
    const started = drives.countStartedBetween(tokenId, Number.MIN_SAFE_INTEGER, keptUs + 1);
    const completed = started - (newest && newest.endUs > keptUs ? 1 : 0);
    if (completed < listed) vehicles.dropNewestTrips(tokenId, listed - completed);
    if (completed <= listed) return;
    const unlisted = completed - listed;
    // Oldest first: the last listed drive (its end is where the next one's continuity is judged from), then the rest.
    const recent = drives
      .newestStartedBy(tokenId, keptUs, unlisted + 2)
      .filter((drive) => drive.endUs <= keptUs)
      .slice(0, unlisted + 1)
      .reverse();
    const firstUnlisted = recent.length - unlisted;
    const bodies = recent.slice(firstUnlisted).map((drive, i) => {
      const before = recent[firstUnlisted + i - 1];
      const trip = {
        id: liveTripId(tokenId, drive.seq, drive.startUs),
        startMicros: drive.startUs,
        endMicros: drive.endUs,
        start: drive.start,
        end: drive.end,
      };
      return tripBody(trip, before ? { end: before.end } : undefined);
    });
    vehicles.appendTrips(tokenId, bodies);
  }
}
