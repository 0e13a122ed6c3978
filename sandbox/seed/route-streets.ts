import { type Prng } from "./prng";
import { type GridNode, type StreetNetwork, type XY } from "./streets";

/**
 * The streets a route takes through the grid: the junctions it passes, what kind of street joins each pair, how
 * sharply it turns at each, and where a parked car meets the nearest street.
 */

export type EdgeKind = "access" | "local" | "arterial";

/** Extends `path` junction by junction along one axis to `target`. */
function walk(path: GridNode[], axis: "i" | "j", target: number): void {
  const here = path[path.length - 1] as GridNode;
  const step = Math.sign(target - here[axis]);
  for (let k = here[axis] + step; step !== 0 && k !== target + step; k += step) {
    path.push(axis === "i" ? { i: k, j: here.j } : { i: here.i, j: k });
  }
}

/** The junctions a route passes: to an arterial, along arterials, and off again (or a short hop on local streets). */
export function junctionPath(network: StreetNetwork, from: GridNode, to: GridNode, rng: Prng): GridNode[] {
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

export function edgeKind(network: StreetNetwork, a: GridNode, b: GridNode): EdgeKind {
  if (a.i === b.i) return network.isArterial(a.i) ? "arterial" : "local";
  return network.isArterial(a.j) ? "arterial" : "local";
}

export function turnAngle(a: XY, b: XY, c: XY): number {
  const h1 = Math.atan2(b.x - a.x, b.y - a.y);
  const h2 = Math.atan2(c.x - b.x, c.y - b.y);
  let d = Math.abs(h2 - h1);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return (d * 180) / Math.PI;
}

/** Where a point meets the street nearest it: the foot of the perpendicular on a block beside its nearest junction. */
export function curbside(network: StreetNetwork, point: XY, node: GridNode): { foot: XY; neighbour: GridNode } {
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

export const sameNode = (a: GridNode | undefined, b: GridNode) => a !== undefined && a.i === b.i && a.j === b.j;
