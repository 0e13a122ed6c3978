import { unrecordedKm } from "../seed/energy";
import { batteryAfter, batteryAtNextStart, engineKm, type PlugInBattery } from "../seed/plug-in-hybrid";
import { type DriveRecord } from "../store/drive-store";
import { batteryAtStart } from "./plug-in-battery";
import { routeOf, type VehicleSource } from "./vehicle-source";

/**
 * How much of a car's driving its combustion engine has done: the fuel burnt over its life and how warm its coolant
 * and oil are follow the engine, not the wheels. A combustion car's engine drives every kilometre; a plug-in hybrid's
 * only those its battery could not, and it stays off (and cold) until the battery reaches its reserve.
 */

export interface EngineUse {
  /** Kilometres the engine drove over the car's life before this trip. */
  beforeKm: number;
  /** Of the first `km` of this trip, the kilometres the engine drove. */
  tripKm: (km: number) => number;
  /** Of the first `seconds` (and `km`) of this trip, the seconds the engine ran. */
  tripSeconds: (seconds: number, km: number) => number;
}

const NO_ENGINE: EngineUse = { beforeKm: 0, tripKm: () => 0, tripSeconds: () => 0 };

export function engineUse(source: VehicleSource, drive: DriveRecord): EngineUse {
  if (!source.vehicle.engine) return NO_ENGINE;
  const { plugIn } = source.powertrain;
  if (!plugIn) return { beforeKm: drive.odometerKm, tripKm: (km) => km, tripSeconds: (seconds) => seconds };
  const startBattery = batteryAtStart(source, drive, plugIn);
  const tripKm = (km: number) => engineKm(startBattery, km, plugIn);
  return {
    beforeKm: plugInEngineKmBefore(source, plugIn, drive),
    tripKm,
    // The engine starts where the battery gives out; the trip's average pace stands for its pace after that.
    tripSeconds: (seconds, km) => (km > 0 ? (seconds * tripKm(km)) / km : 0),
  };
}

/** Per vehicle, the engine kilometres before each recorded trip (by trip sequence). */
const beforeByVehicle = new Map<number, Map<number, number>>();

function plugInEngineKmBefore(source: VehicleSource, plugIn: PlugInBattery, drive: DriveRecord): number {
  let before = beforeByVehicle.get(source.tokenId);
  if (!before?.has(drive.seq)) {
    before = walkPlugInEngineKm(source, plugIn);
    beforeByVehicle.set(source.tokenId, before);
  }
  return before.get(drive.seq) ?? 0;
}

/**
 * Walks a plug-in hybrid's recorded trips in order, as the seed's energy log does: each trip starts with the battery
 * its predecessors and the home charger left, and the engine drives what the battery cannot. Before the first recorded
 * trip the car is taken to have split its kilometres between battery and engine as it does over the recorded ones.
 */
function walkPlugInEngineKm(source: VehicleSource, plugIn: PlugInBattery): Map<number, number> {
  const drives = source.drives.startedBetween(source.tokenId, 0, Number.MAX_SAFE_INTEGER);
  const first = drives[0];
  const recorded = new Map<number, number>();
  if (!first) return recorded;
  let percent = batteryAtStart(source, first, plugIn);
  let engineTotal = 0;
  let recordedKm = 0;
  drives.forEach((drive, i) => {
    recorded.set(drive.seq, engineTotal);
    const km = routeOf(source, drive).lengthMetres / 1000;
    engineTotal += engineKm(percent, km, plugIn);
    recordedKm += km;
    const next = drives[i + 1];
    if (!next) return;
    const moved = unrecordedKm(drive.end, next.start);
    engineTotal += engineKm(batteryAfter(percent, km, plugIn), moved, plugIn);
    recordedKm += moved;
    const parkedMs = (next.startUs - drive.endUs) / 1000;
    percent = batteryAtNextStart(source.tokenId, drive.seq, plugIn, percent, km, moved, parkedMs);
  });
  const engineShare = recordedKm > 0 ? engineTotal / recordedKm : 0;
  const beforeHistoryKm = first.odometerKm * engineShare;
  return new Map([...recorded].map(([seq, km]) => [seq, beforeHistoryKm + km]));
}
