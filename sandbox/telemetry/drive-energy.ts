import { levelAfter, type Powertrain } from "../seed/energy";
import { batteryAfter, electricKm, engineKm } from "../seed/plug-in-hybrid";
import { type DriveRecord } from "../store/drive-store";
import { batteryAtStart } from "./plug-in-battery";
import { type VehicleSource } from "./vehicle-source";

/**
 * The fuel and traction-battery levels along one trip, whatever the powertrain: a BEV's battery, a combustion car's
 * tank, or a plug-in hybrid's battery until its reserve and its tank after.
 */

export interface EnergyLevels {
  /** Percent of the tank; null without one. */
  fuelPercent: number | null;
  /** Percent of the traction battery; null without one. */
  batteryPercent: number | null;
  /** Range on all energy sources, km. */
  rangeKm: number;
  /** Range on the battery alone, km (0 without one). */
  electricRangeKm: number;
  engineRunning: boolean;
}

/** The ranges that go with a tank and a battery level. */
export function energyLevels(
  powertrain: Powertrain,
  fuelPercent: number | null,
  batteryPercent: number | null,
  engineRunning: boolean,
): EnergyLevels {
  const { plugIn } = powertrain;
  const tankRangeKm = fuelPercent === null ? 0 : (fuelPercent * powertrain.fullRangeKm) / 100;
  let electricRangeKm = 0;
  if (batteryPercent !== null) {
    electricRangeKm = plugIn ? electricKm(batteryPercent, plugIn) : (batteryPercent * powertrain.fullRangeKm) / 100;
  }
  return { fuelPercent, batteryPercent, rangeKm: tankRangeKm + electricRangeKm, electricRangeKm, engineRunning };
}

/** The levels after `km` of the trip, for a trip's every sample. */
export function driveLevels(source: VehicleSource, drive: DriveRecord): (km: number) => EnergyLevels {
  const { powertrain } = source;
  const { plugIn } = powertrain;
  if (plugIn) {
    const startBattery = batteryAtStart(source, drive, plugIn);
    const engineFromKm = electricKm(startBattery, plugIn);
    return (km) =>
      energyLevels(
        powertrain,
        levelAfter(drive.levelPercent, engineKm(startBattery, km, plugIn), powertrain),
        batteryAfter(startBattery, km, plugIn),
        km > engineFromKm,
      );
  }
  return (km) => {
    const percent = levelAfter(drive.levelPercent, km, powertrain);
    return powertrain.type === "BEV"
      ? energyLevels(powertrain, null, percent, false)
      : energyLevels(powertrain, percent, null, true);
  };
}
