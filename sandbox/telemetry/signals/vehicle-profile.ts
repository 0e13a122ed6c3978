import { type MetroId } from "../../seed/metros";
import { type Powertrain } from "../../seed/energy";
import { VEHICLE_IDS } from "../../seed/vehicles";

/**
 * What a vehicle is fitted with, as far as its signals go: an engine, a traction battery (a plug-in hybrid has
 * both), the size of its battery or tank, and the two faults the sandbox plays: a slow tyre leak and stored trouble
 * codes. The seed keeps only the ratios of its energy model (percent per km, range), so the sizes are listed here.
 */

export interface VehicleProfile {
  tokenId: number;
  model: string;
  metro: MetroId;
  powertrain: Powertrain;
  engine: boolean;
  tractionBattery: boolean;
  /** Usable battery, kWh (0 without a traction battery). */
  batteryKwh: number;
  /** Tank, litres (0 without an engine). */
  tankLitres: number;
  /** Percent of charge the owner stops charging at. */
  chargeLimitPercent: number;
  leakingTire: boolean;
  troubleCodes: readonly string[];
}

const BATTERY_KWH: Record<string, number> = {
  "Model 3": 57.5,
  "Bolt EV": 65,
  "Ioniq 5": 77.4,
  "ID.4": 77,
  EV6: 77.4,
  Leaf: 40,
  Taycan: 93.4,
  "2": 78,
};
const TANK_LITRES: Record<string, number> = {
  "F-150": 87,
  Camry: 60,
  Civic: 47,
  X5: 83,
  Outback: 70,
  "CX-5": 56,
  Wrangler: 70,
  "Wrangler 4xe": 65,
};

/** The seeded car whose rear-left tyre loses pressure over days, and the one with stored trouble codes. */
export const LEAKING_TIRE_VEHICLE = VEHICLE_IDS.exactly100;
export const TROUBLE_CODES_VEHICLE = 11873;
const TROUBLE_CODES = ["P0420", "P0171"];

export function vehicleProfile(tokenId: number, model: string, metro: MetroId, powertrain: Powertrain): VehicleProfile {
  const { plugIn } = powertrain;
  const tractionBattery = powertrain.type === "BEV" || plugIn !== null;
  const engine = powertrain.type === "COMBUSTION";
  return {
    tokenId,
    model,
    metro,
    powertrain,
    engine,
    tractionBattery,
    batteryKwh: plugIn ? plugIn.capacityKwh : tractionBattery ? (BATTERY_KWH[model] ?? 60) : 0,
    tankLitres: engine ? (TANK_LITRES[model] ?? 55) : 0,
    chargeLimitPercent: plugIn ? plugIn.chargeTargetPercent : tokenId % 2 === 0 ? 80 : 90,
    leakingTire: tokenId === LEAKING_TIRE_VEHICLE,
    troubleCodes: tokenId === TROUBLE_CODES_VEHICLE && engine ? TROUBLE_CODES : [],
  };
}
