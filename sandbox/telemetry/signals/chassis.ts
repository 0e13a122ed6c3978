import { chance } from "../conditions";
import { everyVehicle, flag, float, noSeededVehicle, round, type SignalDefinition, type TickState } from "./types";

/**
 * Wheels, tyres and brakes. Tyre pressure follows the air temperature (and warms up on a drive); one seeded car's
 * rear-left tyre leaks slowly, losing a few kPa a day until it is pumped up again, and its warning comes on once the
 * pressure is a quarter below nominal, as a TPMS does. Axle weights and brake circuits are heavy-vehicle signals.
 */

const REFERENCE_KELVIN = 293.15;
const LEAK_KPA_PER_DAY = 2.5;
const LEAK_CYCLE_DAYS = 30;
const WARNING_FRACTION = 0.75;
const DAY_US = 86_400e6;

type Wheel = "frontLeft" | "frontRight" | "rearLeft" | "rearRight";

function nominalKpa(s: TickState): number {
  return s.vehicle.tractionBattery ? 290 : 240;
}

function tirePressure(s: TickState, wheel: Wheel): number {
  const thermal = (s.outsideCelsius + 273.15) / REFERENCE_KELVIN;
  const warmUp = s.phase === "parked" ? 0 : 7 * (1 - Math.exp(-s.tripSeconds / 900));
  const spread = (chance(s.vehicle.tokenId, wheel.length, 23) - 0.5) * 6;
  let kpa = nominalKpa(s) * thermal + warmUp + spread;
  if (wheel === "rearLeft" && s.vehicle.leakingTire) {
    const days = (s.t / DAY_US + s.vehicle.tokenId) % LEAK_CYCLE_DAYS;
    kpa -= LEAK_KPA_PER_DAY * days;
  }
  return round(kpa, 1);
}

function wheelSpeed(s: TickState, side: -1 | 1): number {
  // The outer wheel turns a little faster in a bend.
  return round(Math.max(0, s.speedKmh * (1 + side * 0.0015 * s.yawDegreesPerSecond)), 1);
}

const braking = (s: TickState) => s.phase === "driving" && (s.accelerationMs2 < -0.4 || s.speedKmh < 0.5);

export const CHASSIS_SIGNALS: SignalDefinition[] = [
  float("chassisAxleRow1WheelLeftSpeed", everyVehicle, "driving", (s) => wheelSpeed(s, -1)),
  float("chassisAxleRow1WheelRightSpeed", everyVehicle, "driving", (s) => wheelSpeed(s, 1)),
  float("chassisAxleRow1WheelLeftTirePressure", everyVehicle, "slow", (s) => tirePressure(s, "frontLeft")),
  float("chassisAxleRow1WheelRightTirePressure", everyVehicle, "slow", (s) => tirePressure(s, "frontRight")),
  float("chassisAxleRow2WheelLeftTirePressure", everyVehicle, "slow", (s) => tirePressure(s, "rearLeft")),
  float("chassisAxleRow2WheelRightTirePressure", everyVehicle, "slow", (s) => tirePressure(s, "rearRight")),
  float("chassisTireSystemIsWarningOn", everyVehicle, "slow", (s) => {
    const wheels: Wheel[] = ["frontLeft", "frontRight", "rearLeft", "rearRight"];
    return flag(wheels.some((wheel) => tirePressure(s, wheel) < nominalKpa(s) * WARNING_FRACTION));
  }),
  float("chassisAxleRow3Weight", noSeededVehicle, "slow"),
  float("chassisAxleRow4Weight", noSeededVehicle, "slow"),
  float("chassisAxleRow5Weight", noSeededVehicle, "slow"),
  float("chassisBrakeABSIsWarningOn", everyVehicle, "slow", () => 0),
  float("chassisBrakeCircuit1PressurePrimary", noSeededVehicle, "driving"),
  float("chassisBrakeCircuit2PressurePrimary", noSeededVehicle, "driving"),
  float("chassisBrakeIsPedalPressed", everyVehicle, "driving", (s) => flag(braking(s))),
  float("chassisBrakePedalPosition", everyVehicle, "driving", (s) =>
    braking(s) ? round(Math.min(100, Math.max(8, -s.accelerationMs2 * 22)), 0) : 0,
  ),
  float("chassisParkingBrakeIsEngaged", everyVehicle, "always", (s) => flag(s.phase !== "driving")),
];
