import { flag, float, round, type SignalDefinition, type TickState, withTractionBattery } from "./types";

/** The battery's state of charge; only vehicles with a traction battery are asked. */
const charged = (s: TickState) => s.energy.batteryPercent ?? 0;

/**
 * The traction battery of an electric car or a plug-in hybrid: charging while parked at home or at a fast charger (the seed's energy
 * model decides when), the power flowing out while driving, and a state of health that falls slowly with the
 * kilometres driven.
 */

const AC_VOLTS = 240;
const DC_VOLTS = 400;
/** Health lost per 10,000 km, percent. */
const HEALTH_LOSS_PER_10K_KM = 0.8;
const CAR_KG = 2000;

function stateOfHealth(s: TickState): number {
  return Math.max(70, 100 - (s.odometerKm / 10_000) * HEALTH_LOSS_PER_10K_KM);
}

/** Watts into the battery: negative while driving (road load and acceleration), positive while charging. */
function batteryPower(s: TickState): number {
  if (s.phase === "driving") {
    // A plug-in hybrid's engine drives the car once the battery is down to its reserve.
    if (s.energy.engineRunning) return 0;
    const v = s.speedKmh / 3.6;
    const drag = 0.5 * 1.2 * 0.28 * 2.3 * v ** 3;
    const rolling = 0.011 * CAR_KG * 9.81 * v;
    const inertia = CAR_KG * Math.max(-1.5, s.accelerationMs2) * v;
    return -Math.max(-30_000, drag + rolling + inertia + 400);
  }
  return s.charge.charging ? s.charge.powerKw * 1000 : 0;
}

function batteryTemperature(s: TickState): number {
  const working = s.phase === "driving" || s.charge.charging ? 8 : 0;
  return s.outsideCelsius * 0.6 + 8 + working;
}

export const TRACTION_BATTERY_SIGNALS: SignalDefinition[] = [
  float("powertrainTractionBatteryChargingAddedEnergy", withTractionBattery, "always", (s) =>
    round(s.charge.addedKwh, 2),
  ),
  float("powertrainTractionBatteryChargingChargeCurrentAC", withTractionBattery, "always", (s) =>
    s.charge.charging && s.charge.alternating ? round((s.charge.powerKw * 1000) / AC_VOLTS, 1) : 0,
  ),
  float(
    "powertrainTractionBatteryChargingChargeLimit",
    withTractionBattery,
    "slow",
    (s) => s.vehicle.chargeLimitPercent,
  ),
  float("powertrainTractionBatteryChargingChargeVoltageUnknownType", withTractionBattery, "always", (s) =>
    s.charge.charging ? (s.charge.alternating ? AC_VOLTS : DC_VOLTS) : 0,
  ),
  float("powertrainTractionBatteryChargingIsCharging", withTractionBattery, "always", (s) => flag(s.charge.charging)),
  float("powertrainTractionBatteryChargingIsChargingCableConnected", withTractionBattery, "always", (s) =>
    flag(s.charge.cableConnected),
  ),
  float("powertrainTractionBatteryChargingPower", withTractionBattery, "always", (s) =>
    s.charge.charging ? round(s.charge.powerKw, 2) : 0,
  ),
  float("powertrainTractionBatteryCurrentPower", withTractionBattery, "always", (s) => round(batteryPower(s), 0)),
  float("powertrainTractionBatteryCurrentVoltage", withTractionBattery, "always", (s) =>
    round(340 + charged(s) * 0.6, 1),
  ),
  float("powertrainTractionBatteryGrossCapacity", withTractionBattery, "slow", (s) =>
    round(s.vehicle.batteryKwh * 1.05, 1),
  ),
  float("powertrainTractionBatteryRange", withTractionBattery, "always", (s) => round(s.energy.electricRangeKm, 1)),
  float("powertrainTractionBatteryStateOfChargeCurrentEnergy", withTractionBattery, "always", (s) =>
    round((charged(s) / 100) * s.vehicle.batteryKwh * (stateOfHealth(s) / 100), 2),
  ),
  float("powertrainTractionBatteryStateOfHealth", withTractionBattery, "slow", (s) => round(stateOfHealth(s), 1)),
  float("powertrainTractionBatteryTemperatureAverage", withTractionBattery, "slow", (s) =>
    round(batteryTemperature(s), 1),
  ),
];
