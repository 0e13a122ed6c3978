import { BODY_SIGNALS } from "./body";
import { CHASSIS_SIGNALS } from "./chassis";
import { APPROXIMATE_LOCATION_SIGNAL } from "./names";
import { OBD_SIGNALS } from "./obd";
import { POWERTRAIN_SIGNALS } from "./powertrain";
import { TRACTION_BATTERY_SIGNALS } from "./traction-battery";
import { type SignalDefinition } from "./types";
import { VEHICLE_SIGNALS } from "./vehicle";
import { type VehicleProfile } from "./vehicle-profile";

/** Every signal of DIMO's `SignalCollection`, grouped as in its signal tree, in name order. */
export const ALL_SIGNALS: readonly SignalDefinition[] = [
  ...VEHICLE_SIGNALS,
  ...BODY_SIGNALS,
  ...CHASSIS_SIGNALS,
  ...POWERTRAIN_SIGNALS,
  ...TRACTION_BATTERY_SIGNALS,
  ...OBD_SIGNALS,
].sort((a, b) => (a.name < b.name ? -1 : 1));

const BY_NAME = new Map(ALL_SIGNALS.map((signal) => [signal.name, signal]));

export function signalDefinition(name: string): SignalDefinition | undefined {
  return BY_NAME.get(name);
}

/** The signals a vehicle sends (the approximate location is computed from the precise one, not sent). */
export function storedSignals(vehicle: VehicleProfile): string[] {
  return ALL_SIGNALS.filter((signal) => signal.name !== APPROXIMATE_LOCATION_SIGNAL && signal.fitted(vehicle)).map(
    (signal) => signal.name,
  );
}
