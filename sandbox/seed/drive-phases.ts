import { type Phase } from "./route-plan";

/** How a car covers a stretch of street: speeding up, cruising and slowing down, and waiting where it stops. */

const ACCELERATION = 1.6;
const DECELERATION = 2.2;

export interface Clock {
  t: number;
  s: number;
}

function pushPhase(phases: Phase[], clock: Clock, duration: number, v0: number, a: number): void {
  if (duration <= 0) return;
  phases.push({ t0: clock.t, duration, s0: clock.s, v0, a });
  clock.t += duration;
  clock.s += v0 * duration + 0.5 * a * duration * duration;
}

export function idle(phases: Phase[], clock: Clock, seconds: number): void {
  phases.push({ t0: clock.t, duration: seconds, s0: clock.s, v0: 0, a: 0 });
  clock.t += seconds;
}

/** Accelerate, cruise, slow down over one stretch; returns the speed actually reached at its end. */
export function driveStretch(
  phases: Phase[],
  clock: Clock,
  length: number,
  vIn: number,
  cruise: number,
  vOut: number,
): number {
  const start = clock.s;
  const a = ACCELERATION;
  const b = DECELERATION;
  const peak = Math.min(cruise, Math.sqrt((2 * a * b * length + b * vIn * vIn + a * vOut * vOut) / (a + b)));
  let exit = vOut;
  if (peak >= vIn && peak >= vOut) {
    const up = (peak * peak - vIn * vIn) / (2 * a);
    const down = (peak * peak - vOut * vOut) / (2 * b);
    pushPhase(phases, clock, (peak - vIn) / a, vIn, a);
    const cruiseLength = Math.max(0, length - up - down);
    if (peak > 0) pushPhase(phases, clock, cruiseLength / peak, peak, 0);
    pushPhase(phases, clock, (peak - vOut) / b, peak, -b);
  } else if (peak < vOut) {
    exit = Math.sqrt(vIn * vIn + 2 * a * length);
    pushPhase(phases, clock, (exit - vIn) / a, vIn, a);
  } else {
    const braking = (vIn * vIn - vOut * vOut) / (2 * length);
    pushPhase(phases, clock, (vIn - vOut) / braking, vIn, -braking);
  }
  // Floating point leaves the stretch a hair long or short: the next one starts exactly where this one ends.
  clock.s = start + length;
  return exit;
}
