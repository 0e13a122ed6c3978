import { type LatLon } from "./geo";
import { type Prng } from "./prng";
import { type GridNode, type StreetNetwork, type XY } from "./streets";

/**
 * A trip's route through the street network and how it is driven: from the parking spot to the nearest junction,
 * along local streets to an arterial, along arterials, back onto local streets and to the destination, with
 * acceleration, cruising, slowing for turns and stopping at lights and stop signs. Everything is a function of the
 * start, the end and the trip's own seed, so the seed stores only those and the telemetry service drives the route
 * again when asked.
 */

type EdgeKind = "access" | "local" | "arterial";

/** One stretch of constant acceleration: position `s0` (metres along the route) and speed `v0` (m/s) at time `t0`. */
interface Phase {
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

const ACCELERATION = 1.6;
const DECELERATION = 2.2;
const ACCESS_KMH = 14;
/** Drives shorter than this (ignition to ignition) wait longer at the start: warming up, buckling in. */
const MIN_TRIP_SECONDS = 270;

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

/** The junctions a route passes: to an arterial, along arterials, and off again (or a short hop on local streets). */
/** Extends `path` junction by junction along one axis to `target`. */
function walk(path: GridNode[], axis: "i" | "j", target: number): void {
  const here = path[path.length - 1] as GridNode;
  const step = Math.sign(target - here[axis]);
  for (let k = here[axis] + step; step !== 0 && k !== target + step; k += step) {
    path.push(axis === "i" ? { i: k, j: here.j } : { i: here.i, j: k });
  }
}

/** The junctions a route passes: to an arterial, along arterials, and off again (or a short hop on local streets). */
function junctionPath(network: StreetNetwork, from: GridNode, to: GridNode, rng: Prng): GridNode[] {
  const path: GridNode[] = [{ ...from }];
  const di = to.i - from.i;
  const dj = to.j - from.j;
  const short = Math.abs(di) + Math.abs(dj) <= network.arterialEvery;
  if (short) {
    // A staircase of local streets: a turn or two where a driver would take them.
    const firstAxis = rng.chance(0.5) ? "i" : "j";
    const secondAxis = firstAxis === "i" ? "j" : "i";
    const split = rng.next();
    const part = Math.round((firstAxis === "i" ? di : dj) * split);
    walk(path, firstAxis, (firstAxis === "i" ? from.i : from.j) + part);
    walk(path, secondAxis, secondAxis === "i" ? to.i : to.j);
    walk(path, firstAxis, firstAxis === "i" ? to.i : to.j);
  } else if (rng.chance(0.5)) {
    // Along the row to an arterial column, up or down it to an arterial row near the end, along that row, then in.
    const column = network.arterialToward(from.i, to.i);
    const row = network.arterialToward(to.j, from.j);
    walk(path, "i", column);
    walk(path, "j", row);
    walk(path, "i", to.i);
    walk(path, "j", to.j);
  } else {
    const row = network.arterialToward(from.j, to.j);
    const column = network.arterialToward(to.i, from.i);
    walk(path, "j", row);
    walk(path, "i", column);
    walk(path, "j", to.j);
    walk(path, "i", to.i);
  }
  return path;
}

interface Junction {
  /** Speed to pass it at, m/s (0 to stop). */
  exitSpeed: number;
  stopSeconds: number;
}

const kmh = (value: number) => value / 3.6;

function edgeKind(network: StreetNetwork, a: GridNode, b: GridNode): EdgeKind {
  if (a.i === b.i) return network.isArterial(a.i) ? "arterial" : "local";
  return network.isArterial(a.j) ? "arterial" : "local";
}

function turnAngle(a: XY, b: XY, c: XY): number {
  const h1 = Math.atan2(b.x - a.x, b.y - a.y);
  const h2 = Math.atan2(c.x - b.x, c.y - b.y);
  let d = Math.abs(h2 - h1);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return (d * 180) / Math.PI;
}

interface Clock {
  t: number;
  s: number;
}

function pushPhase(phases: Phase[], clock: Clock, duration: number, v0: number, a: number): void {
  if (duration <= 0) return;
  phases.push({ t0: clock.t, duration, s0: clock.s, v0, a });
  clock.t += duration;
  clock.s += v0 * duration + 0.5 * a * duration * duration;
}

function idle(phases: Phase[], clock: Clock, seconds: number): void {
  phases.push({ t0: clock.t, duration: seconds, s0: clock.s, v0: 0, a: 0 });
  clock.t += seconds;
}

/** Accelerate, cruise, slow down over one stretch; returns the speed actually reached at its end. */
function driveStretch(
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

/** Where a point meets the street nearest it: the foot of the perpendicular on a block beside its nearest junction. */
function curbside(network: StreetNetwork, point: XY, node: GridNode): { foot: XY; neighbour: GridNode } {
  const a = network.node(node);
  let best = { foot: a, neighbour: { i: node.i + 1, j: node.j }, distance: Infinity };
  for (const neighbour of [
    { i: node.i + 1, j: node.j },
    { i: node.i - 1, j: node.j },
    { i: node.i, j: node.j + 1 },
    { i: node.i, j: node.j - 1 },
  ]) {
    const b = network.node(neighbour);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.min(1, Math.max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / (dx * dx + dy * dy)));
    const foot = { x: a.x + t * dx, y: a.y + t * dy };
    const distance = Math.hypot(point.x - foot.x, point.y - foot.y);
    if (distance < best.distance) best = { foot, neighbour, distance };
  }
  return best;
}

const sameNode = (a: GridNode | undefined, b: GridNode) => a !== undefined && a.i === b.i && a.j === b.j;

/**
 * Plans the route of one trip from `start` to `end`; `rng` is the trip's own. The car pulls out of its spot onto the
 * nearest street (the foot of the perpendicular), drives to the first junction of its way (straight on when that
 * junction lies ahead, not behind), and at the other end leaves the street the same way.
 */
export function planRoute(network: StreetNetwork, start: LatLon, end: LatLon, rng: Prng): RoutePlan {
  const startXY = network.toXY(start);
  const endXY = network.toXY(end);
  const first = network.nearestNode(startXY);
  const last = network.nearestNode(endXY);
  const nodes = junctionPath(network, first, last, rng);
  const pullOut = curbside(network, startXY, first);
  const pullIn = curbside(network, endXY, last);
  if (nodes.length >= 2 && sameNode(nodes[1], pullOut.neighbour)) nodes.shift();
  if (nodes.length >= 2 && sameNode(nodes[nodes.length - 2], pullIn.neighbour)) nodes.pop();

  const xy: XY[] = [startXY, pullOut.foot, ...nodes.map((n) => network.node(n)), pullIn.foot, endXY];
  const junctionNodes: (GridNode | null)[] = [null, null, ...nodes, null, null];
  const kinds: EdgeKind[] = ["access", edgeKind(network, first, pullOut.neighbour)];
  for (let k = 1; k < nodes.length; k++) kinds.push(edgeKind(network, nodes[k - 1] as GridNode, nodes[k] as GridNode));
  kinds.push(edgeKind(network, last, pullIn.neighbour), "access");
  const points: LatLon[] = [start, ...xy.slice(1, -1).map((p) => network.toLatLon(p)), end];

  const cumulative = new Float64Array(points.length);
  const headings = new Float64Array(Math.max(1, points.length - 1));
  for (let k = 1; k < xy.length; k++) {
    const a = xy[k - 1] as XY;
    const b = xy[k] as XY;
    cumulative[k] = (cumulative[k - 1] as number) + Math.hypot(b.x - a.x, b.y - a.y);
    headings[k - 1] = ((Math.atan2(b.x - a.x, b.y - a.y) * 180) / Math.PI + 360) % 360;
  }

  const cruise = kinds.map((kind) => {
    if (kind === "access") return kmh(ACCESS_KMH * rng.between(0.8, 1.2));
    const base = kind === "arterial" ? network.arterialKmh : network.localKmh;
    return kmh(base * rng.between(0.85, 1.1));
  });

  // The junction at point k + 1, between edge k and edge k + 1; where the car joins or leaves the street it only slows.
  const junctions: Junction[] = [];
  for (let k = 0; k < kinds.length - 1; k++) {
    const node = junctionNodes[k + 1];
    const here = kinds[k] as EdgeKind;
    const next = kinds[k + 1] as EdgeKind;
    const through = Math.min(cruise[k] as number, cruise[k + 1] as number);
    const turning = turnAngle(xy[k] as XY, xy[k + 1] as XY, xy[k + 2] as XY) > 35;
    const turnSpeed = kmh(rng.between(14, 22));
    let junction: Junction = { exitSpeed: turning ? Math.min(through, turnSpeed) : through, stopSeconds: 0 };
    if (!node || here === "access" || next === "access") {
      if (here === "access" || next === "access")
        junction = { exitSpeed: Math.min(through, turnSpeed), stopSeconds: 0 };
    } else {
      const major = network.isArterial(node.i) && network.isArterial(node.j);
      const crossesArterial = here === "local" && (network.isArterial(node.i) || network.isArterial(node.j));
      if (major && rng.chance(turning ? 0.55 : 0.4)) {
        junction = { exitSpeed: 0, stopSeconds: rng.between(8, 55) }; // a red light
      } else if (crossesArterial && rng.chance(0.85)) {
        junction = { exitSpeed: 0, stopSeconds: rng.between(1.5, 6) }; // a stop sign before the arterial
      } else if (here === "local" && !major && rng.chance(0.15)) {
        junction = { exitSpeed: 0, stopSeconds: rng.between(1, 3) }; // an all-way stop
      }
    }
    junctions.push(junction);
  }

  const phases: Phase[] = [];
  const clock: Clock = { t: 0, s: 0 };
  const startIdle = rng.between(20, 75);
  const endIdle = rng.between(5, 25);
  idle(phases, clock, startIdle);
  let speed = 0;
  for (let k = 0; k < kinds.length; k++) {
    const length = (cumulative[k + 1] as number) - (cumulative[k] as number);
    const junction = junctions[k];
    const target = junction ? junction.exitSpeed : 0;
    if (length > 0.01) speed = driveStretch(phases, clock, length, speed, cruise[k] as number, target);
    if (junction && junction.stopSeconds > 0) {
      speed = 0;
      idle(phases, clock, junction.stopSeconds);
    }
  }
  idle(phases, clock, endIdle);
  if (clock.t < MIN_TRIP_SECONDS) {
    // Waiting longer before setting off: shift every phase after the first idle.
    const extra = MIN_TRIP_SECONDS - clock.t;
    (phases[0] as Phase).duration += extra;
    for (let k = 1; k < phases.length; k++) (phases[k] as Phase).t0 += extra;
  }
  return new RoutePlan(points, cumulative, headings, phases);
}
