import { drift } from "../conditions";
import { engineLoad, massAirFlow, warmedTo } from "./engine";
import { altitudeAt, barometricPressure } from "./terrain";
import { float, noSeededVehicle, round, type SignalDefinition, text, type TickState, withEngine } from "./types";

/**
 * What an OBD-II dongle reads from a combustion car. The car with trouble codes runs lean (P0171) with a tired
 * catalyst (P0420): its long-term fuel trim is high and its malfunction lamp has been on for a while.
 */

const GASOLINE_DENSITY_G_PER_L = 745;
const STOICHIOMETRIC = 14.7;
const DTC_CLEAR_EVERY_KM = 6_000;

const hasCodes = (s: TickState) => s.vehicle.troubleCodes.length > 0;
const withTroubleCodes = (vehicle: TickState["vehicle"]) => vehicle.troubleCodes.length > 0;

function kmSinceClear(s: TickState): number {
  return (s.odometerKm + s.vehicle.tokenId * 13) % DTC_CLEAR_EVERY_KM;
}

const sensorVolts = (s: TickState, salt: number) => round(0.45 + 0.8 * drift(s.t / 1000 / 0.002, salt), 3);

export const OBD_SIGNALS: SignalDefinition[] = [
  float("obdBarometricPressure", withEngine, "slow", (s) =>
    round(barometricPressure(altitudeAt(s.vehicle.metro, s.point)) + 0.8 * drift(s.t / 1000, 71), 1),
  ),
  float("obdCommandedEGR", withEngine, "driving", (s) => round(engineLoad(s) * 0.12, 1)),
  float("obdCommandedEVAP", withEngine, "driving", (s) => round(15 + 20 * drift(s.t / 1000, 73), 1)),
  text("obdDTCList", withTroubleCodes, "slow", (s) => s.vehicle.troubleCodes.join(",")),
  float("obdDistanceSinceDTCClear", withEngine, "slow", (s) => round(kmSinceClear(s), 1)),
  float("obdDistanceWithMIL", withEngine, "slow", (s) =>
    hasCodes(s) ? round(Math.max(0, kmSinceClear(s) - 150), 1) : 0,
  ),
  float("obdEngineLoad", withEngine, "driving", (s) => round(engineLoad(s), 1)),
  float("obdEthanolPercent", withEngine, "slow", () => 10),
  float("obdFuelPressure", withEngine, "driving", (s) => round(380 + 15 * drift(s.t / 1000, 79), 0)),
  float("obdFuelRailPressure", withEngine, "driving", (s) => round(4_000 + engineLoad(s) * 120, 0)),
  float("obdFuelRate", withEngine, "driving", (s) =>
    round(((massAirFlow(s) / STOICHIOMETRIC) * 3600) / GASOLINE_DENSITY_G_PER_L, 2),
  ),
  text("obdFuelTypeName", withEngine, "slow", () => "Gasoline"),
  float("obdIntakeTemp", withEngine, "driving", (s) => round(warmedTo(s, s.outsideCelsius + 12, s.engineSeconds), 1)),
  float("obdIsEngineBlocked", noSeededVehicle, "always"),
  float("obdIsPTOActive", noSeededVehicle, "driving"),
  float("obdIsPluggedIn", withEngine, "always", () => 1),
  float("obdLongTermFuelTrim1", withEngine, "driving", (s) => (hasCodes(s) ? 12.5 : 1.6)),
  float("obdLongTermFuelTrim2", withEngine, "driving", (s) => (hasCodes(s) ? 11.7 : 0.8)),
  float("obdMAP", withEngine, "driving", (s) => round(28 + engineLoad(s) * 0.7, 1)),
  float("obdMaxMAF", withEngine, "slow", () => 250),
  float("obdO2WRSensor1Voltage", withEngine, "driving", (s) => sensorVolts(s, 83)),
  float("obdO2WRSensor2Voltage", withEngine, "driving", (s) => sensorVolts(s, 89)),
  float("obdOilTemperature", withEngine, "driving", (s) => round(warmedTo(s, 100, s.engineSeconds), 1)),
  float("obdRunTime", withEngine, "driving", (s) => Math.round(s.engineSeconds)),
  float("obdShortTermFuelTrim1", withEngine, "driving", (s) => round(6 * drift(s.t / 1000 / 0.01, 97), 1)),
  float("obdStatusDTCCount", withEngine, "slow", (s) => s.vehicle.troubleCodes.length),
  float("obdThrottlePosition", withEngine, "driving", (s) =>
    round(s.accelerationMs2 > 0 ? 12 + engineLoad(s) * 0.6 : 12, 1),
  ),
  float("obdWarmupsSinceDTCClear", withEngine, "slow", (s) => (hasCodes(s) ? s.tripSeq % 40 : s.tripSeq % 255)),
];
