import { type TickState } from "./types";

/**
 * A combustion engine and an eight-speed automatic, reduced to what their signals need: the gear follows the road
 * speed, the engine speed follows the gear, the load follows the acceleration, and the engine warms up over the
 * first minutes of a trip.
 */

const GEAR_RATIOS = [4.7, 3.1, 2.1, 1.7, 1.3, 1.0, 0.84, 0.67] as const;
const FINAL_DRIVE = 2.8;
const WHEEL_CIRCUMFERENCE_M = 2.1;
const IDLE_RPM = 750;
const KM_PER_GEAR = 16;
const WARM_UP_SECONDS = 420;

/** The gear engaged: 1 when crawling, one more every 16 km/h, 0 (neutral) once switched off. */
export function gearAt(s: TickState): number {
  if (s.phase !== "driving") return 0;
  return Math.min(GEAR_RATIOS.length, 1 + Math.floor(s.speedKmh / KM_PER_GEAR));
}

export function gearRatioAt(s: TickState): number {
  const gear = gearAt(s);
  return gear === 0 ? 0 : (GEAR_RATIOS[gear - 1] ?? 1);
}

/** A plug-in hybrid's engine stays off while its battery drives the car. */
const engineOff = (s: TickState) => s.phase !== "driving" || !s.energy.engineRunning;

export function engineRpm(s: TickState): number {
  if (engineOff(s)) return 0;
  const wheelRpm = (s.speedKmh / 3.6 / WHEEL_CIRCUMFERENCE_M) * 60;
  return Math.max(IDLE_RPM, wheelRpm * gearRatioAt(s) * FINAL_DRIVE);
}

/** Percent of the engine's available torque in use. */
export function engineLoad(s: TickState): number {
  if (engineOff(s)) return 0;
  const pull = Math.min(1, Math.max(0, s.accelerationMs2 / 2.5));
  return Math.min(100, 18 + 55 * pull + s.speedKmh / 5);
}

/** Air through the engine, g/s. */
export function massAirFlow(s: TickState): number {
  return (engineRpm(s) * engineLoad(s)) / 100 / 80;
}

/** A fluid warming from the air temperature to `hot` °C over the first minutes of running for `seconds`. */
export function warmedTo(s: TickState, hot: number, seconds: number): number {
  const reached = 1 - Math.exp(-seconds / WARM_UP_SECONDS);
  return s.outsideCelsius + (hot - s.outsideCelsius) * reached;
}
