import { type LatLon } from "./geo";
import { type Prng } from "./prng";
import { driveStretch, idle, type Clock } from "./drive-phases";
import { RoutePlan, type Phase } from "./route-plan";
import { curbside, type EdgeKind, edgeKind, junctionPath, sameNode, turnAngle } from "./route-streets";
import { type GridNode, type StreetNetwork, type XY } from "./streets";

/**
 * A trip's route through the street network and how it is driven: from the parking spot to the nearest junction,
 * along local streets to an arterial, along arterials, back onto local streets and to the destination, with
 * acceleration, cruising, slowing for turns and stopping at lights and stop signs. Everything is a function of the
 * start, the end and the trip's own seed, so the seed stores only those and the telemetry service drives the route
 * again when asked.
 */

const ACCESS_KMH = 14;
/** Drives shorter than this (ignition to ignition) wait longer at the start: warming up, buckling in. */
const MIN_TRIP_SECONDS = 270;

interface Junction {
  /** Speed to pass it at, m/s (0 to stop). */
  exitSpeed: number;
  stopSeconds: number;
}

const kmh = (value: number) => value / 3.6;

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
