import { type LatLon } from "./geo";

/**
 * A planned route and how it is driven: the route's points and a list of phases of constant acceleration, from which
 * the car's place, speed and heading at any second after ignition on follow.
 */

/** One stretch of constant acceleration: position `s0` (metres along the route) and speed `v0` (m/s) at time `t0`. */
export interface Phase {
  t0: number;
  duration: number;
  s0: number;
  v0: number;
  a: number;
}

export interface DriveState {
  /** Metres along the route. */
  distance: number;
  /** m/s. */
  speed: number;
  point: LatLon;
  /** Degrees clockwise from north. */
  heading: number;
}

export class RoutePlan {
  readonly lengthMetres: number;
  readonly durationSeconds: number;

  constructor(
    /** The route's points; the first is the trip's start and the last its end, exactly. */
    readonly points: readonly LatLon[],
    private readonly cumulative: Float64Array,
    private readonly headings: Float64Array,
    private readonly phases: readonly Phase[],
  ) {
    this.lengthMetres = cumulative[cumulative.length - 1] ?? 0;
    const last = phases[phases.length - 1];
    this.durationSeconds = last ? last.t0 + last.duration : 0;
  }

  /** Where the car is `t` seconds after ignition on, and how fast it goes. */
  at(t: number): DriveState {
    const phase = this.phaseAt(t);
    const tau = Math.min(Math.max(t - phase.t0, 0), phase.duration);
    const distance = Math.min(this.lengthMetres, Math.max(0, phase.s0 + phase.v0 * tau + 0.5 * phase.a * tau * tau));
    const speed = Math.max(0, phase.v0 + phase.a * tau);
    return { distance, speed, ...this.pointAt(distance) };
  }

  private phaseAt(t: number): Phase {
    let lo = 0;
    let hi = this.phases.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.phases[mid] as Phase).t0 <= t) lo = mid;
      else hi = mid - 1;
    }
    return this.phases[lo] as Phase;
  }

  private pointAt(distance: number): { point: LatLon; heading: number } {
    const points = this.points;
    if (distance <= 0) return { point: points[0] as LatLon, heading: this.headings[0] ?? 0 };
    if (distance >= this.lengthMetres) {
      return { point: points[points.length - 1] as LatLon, heading: this.headings[this.headings.length - 1] ?? 0 };
    }
    let lo = 0;
    let hi = this.cumulative.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.cumulative[mid] as number) <= distance) lo = mid;
      else hi = mid - 1;
    }
    const from = points[lo] as LatLon;
    const to = points[lo + 1] as LatLon;
    const start = this.cumulative[lo] as number;
    const length = (this.cumulative[lo + 1] as number) - start;
    const f = length > 0 ? (distance - start) / length : 0;
    return {
      point: {
        latitude: from.latitude + (to.latitude - from.latitude) * f,
        longitude: from.longitude + (to.longitude - from.longitude) * f,
      },
      heading: this.headings[lo] ?? 0,
    };
  }
}
