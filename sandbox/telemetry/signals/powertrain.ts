import { drift } from "../conditions";
import { engineLoad, engineRpm, gearAt, gearRatioAt, massAirFlow, warmedTo } from "./engine";
import { POWERTRAIN_TYPE_SIGNAL } from "./names";
import {
  everyVehicle,
  float,
  noSeededVehicle,
  round,
  type SignalDefinition,
  text,
  withEngine,
  withTractionBattery,
} from "./types";

/** The combustion engine, the fuel system and the transmission; the traction battery has its own file. */

const MAX_TORQUE_NM = 320;
const PARK = 126;

export const POWERTRAIN_SIGNALS: SignalDefinition[] = [
  text(POWERTRAIN_TYPE_SIGNAL, everyVehicle, "trip"),
  float("powertrainRange", everyVehicle, "always"),
  float("powertrainTransmissionTravelledDistance", everyVehicle, "always"),
  float("powertrainFuelSystemRelativeLevel", withEngine, "always"),
  float("powertrainFuelSystemAbsoluteLevel", withEngine, "always", (s) =>
    round(((s.energy.fuelPercent ?? 0) * s.vehicle.tankLitres) / 100, 1),
  ),
  // Litres burnt over the car's life, at its average consumption over the kilometres its engine drove.
  float("powertrainFuelSystemAccumulatedConsumption", withEngine, "always", (s) =>
    round((s.engineOdometerKm * s.vehicle.powertrain.percentPerKm * s.vehicle.tankLitres) / 100, 1),
  ),
  text("powertrainFuelSystemSupportedFuelTypes", withEngine, "slow", () => "GASOLINE"),
  float("powertrainCombustionEngineECT", withEngine, "driving", (s) => round(warmedTo(s, 90, s.engineSeconds), 1)),
  float("powertrainCombustionEngineEOT", withEngine, "driving", (s) => round(warmedTo(s, 100, s.engineSeconds), 1)),
  float("powertrainCombustionEngineEOP", withEngine, "driving", (s) =>
    round(engineRpm(s) === 0 ? 0 : 140 + engineRpm(s) * 0.11, 0),
  ),
  text("powertrainCombustionEngineEngineOilLevel", withEngine, "slow", () => "NORMAL"),
  // Oil is used slowly between services.
  float("powertrainCombustionEngineEngineOilRelativeLevel", withEngine, "slow", (s) =>
    round(100 - ((s.odometerKm + s.vehicle.tokenId * 37) % 15_000) / 1_000, 1),
  ),
  float("powertrainCombustionEngineMAF", withEngine, "driving", (s) => round(massAirFlow(s), 2)),
  float("powertrainCombustionEngineSpeed", withEngine, "driving", (s) => round(engineRpm(s), 0)),
  float("powertrainCombustionEngineTPS", withEngine, "driving", (s) =>
    round(s.accelerationMs2 > 0 ? engineLoad(s) * 0.8 : 0, 1),
  ),
  float("powertrainCombustionEngineTorque", withEngine, "driving", (s) =>
    round((engineLoad(s) / 100) * MAX_TORQUE_NM, 0),
  ),
  float("powertrainCombustionEngineTorquePercent", withEngine, "driving", (s) => round(engineLoad(s), 1)),
  float("powertrainCombustionEngineDieselExhaustFluidCapacity", noSeededVehicle, "slow"),
  float("powertrainCombustionEngineDieselExhaustFluidLevel", noSeededVehicle, "slow"),
  float("powertrainTransmissionCurrentGear", everyVehicle, "driving", (s) =>
    s.vehicle.engine ? gearAt(s) : Math.min(1, gearAt(s)),
  ),
  float("powertrainTransmissionSelectedGear", everyVehicle, "always", (s) =>
    s.phase === "driving" ? Math.max(1, s.vehicle.engine ? gearAt(s) : 1) : PARK,
  ),
  float("powertrainTransmissionActualGear", withEngine, "driving", gearAt),
  float("powertrainTransmissionActualGearRatio", withEngine, "driving", (s) => gearRatioAt(s)),
  float("powertrainTransmissionTemperature", withEngine, "driving", (s) =>
    round(warmedTo(s, 80, s.tripSeconds) + 3 * drift(s.t / 1000, 61), 1),
  ),
  float("powertrainTransmissionIsClutchSwitchOperated", noSeededVehicle, "driving"),
  float("powertrainTransmissionRetarderActualTorque", noSeededVehicle, "driving"),
  text("powertrainTransmissionRetarderTorqueMode", noSeededVehicle, "driving"),
  float("powertrainTractionBatteryStateOfChargeCurrent", withTractionBattery, "always"),
];
