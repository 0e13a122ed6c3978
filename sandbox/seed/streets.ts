import { type LatLon } from "./geo";
import { type Metro } from "./metros";
import { createPrng } from "./prng";

/**
 * Each sandbox city's street network, as a pure function of the metro's seed: a grid of local streets with every
 * few lines an arterial, turned a little off north, whose lines wander gently and whose junctions are not quite where
 * a ruler would put them. Nothing is stored: any junction's position is computed from its grid indices, so a route
 * anywhere in the city costs only the junctions it passes.
 */

/** Metres east and north of the metro's centre. */
export interface XY {
  x: number;
  y: number;
}

/** A junction by its grid indices: column `i` (a north-south line) and row `j` (an east-west line). */
export interface GridNode {
  i: number;
  j: number;
}

const METRES_PER_DEGREE_LATITUDE = 111_320;

/** A small integer hash of three numbers to [0, 1): the network's irregularity without any stored state. */
function unitHash(a: number, b: number, c: number): number {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^
    Math.imul(b ^ 0xc2b2ae35, 0x27d4eb2f) ^
    Math.imul(c ^ 0x165667b1, 0x61c88647);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

export class StreetNetwork {
  /** Distance between neighbouring lines, in metres (a city block). */
  readonly spacing: number;
  /** Every `arterialEvery`-th line in each direction is an arterial. */
  readonly arterialEvery: number;
  readonly arterialKmh: number;
  readonly localKmh: number;
  private readonly cos: number;
  private readonly sin: number;
  private readonly metresPerDegreeLongitude: number;
  private readonly salt: number;

  constructor(readonly metro: Metro) {
    const rng = createPrng(`streets:${metro.name}`);
    this.spacing = rng.between(115, 165);
    this.arterialEvery = rng.int(5, 7);
    this.arterialKmh = rng.between(56, 72);
    this.localKmh = rng.between(30, 40);
    const rotation = (rng.between(-9, 9) * Math.PI) / 180;
    this.cos = Math.cos(rotation);
    this.sin = Math.sin(rotation);
    this.metresPerDegreeLongitude = METRES_PER_DEGREE_LATITUDE * Math.cos((metro.center.latitude * Math.PI) / 180);
    this.salt = rng.int(1, 1 << 30);
  }

  isArterial(line: number): boolean {
    return line % this.arterialEvery === 0;
  }

  toXY(point: LatLon): XY {
    return {
      x: (point.longitude - this.metro.center.longitude) * this.metresPerDegreeLongitude,
      y: (point.latitude - this.metro.center.latitude) * METRES_PER_DEGREE_LATITUDE,
    };
  }

  toLatLon(point: XY): LatLon {
    return {
      latitude: this.metro.center.latitude + point.y / METRES_PER_DEGREE_LATITUDE,
      longitude: this.metro.center.longitude + point.x / this.metresPerDegreeLongitude,
    };
  }

  /**
   * Where a junction is. Each line wanders along a slow wave of its own (arterials gently, local streets more), and
   * junctions of local streets are nudged a little further; arterials keep their line.
   */
  node({ i, j }: GridNode): XY {
    const s = this.spacing;
    const columnArterial = this.isArterial(i);
    const rowArterial = this.isArterial(j);
    const columnWave =
      (columnArterial ? 0.35 : 0.14) *
      s *
      unitHash(i, this.salt, 1) *
      Math.sin(j * (columnArterial ? 0.07 : 0.45) + 6.283 * unitHash(i, this.salt, 2));
    const rowWave =
      (rowArterial ? 0.35 : 0.14) *
      s *
      unitHash(j, this.salt, 3) *
      Math.sin(i * (rowArterial ? 0.07 : 0.45) + 6.283 * unitHash(j, this.salt, 4));
    const u = i * s + columnWave + (columnArterial ? 0 : (unitHash(i, j, this.salt) - 0.5) * 0.16 * s);
    const v = j * s + rowWave + (rowArterial ? 0 : (unitHash(j, i, this.salt + 7) - 0.5) * 0.16 * s);
    return { x: u * this.cos - v * this.sin, y: u * this.sin + v * this.cos };
  }

  /** The junction nearest a point. */
  nearestNode(point: XY): GridNode {
    const u = point.x * this.cos + point.y * this.sin;
    const v = -point.x * this.sin + point.y * this.cos;
    const i0 = Math.round(u / this.spacing);
    const j0 = Math.round(v / this.spacing);
    let best: GridNode = { i: i0, j: j0 };
    let bestDistance = Infinity;
    for (let i = i0 - 1; i <= i0 + 1; i++) {
      for (let j = j0 - 1; j <= j0 + 1; j++) {
        const n = this.node({ i, j });
        const d = (n.x - point.x) ** 2 + (n.y - point.y) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = { i, j };
        }
      }
    }
    return best;
  }

  /** The arterial line nearest `from` in the direction of `to` (or simply the nearest when none lies between). */
  arterialToward(from: number, to: number): number {
    const n = this.arterialEvery;
    const below = Math.floor(from / n) * n;
    const above = below === from ? from : below + n;
    const lo = Math.min(from, to);
    const hi = Math.max(from, to);
    const candidates = [below, above].filter((line) => line >= lo && line <= hi);
    const pool = candidates.length > 0 ? candidates : [below, above];
    return pool.reduce((best, line) => (Math.abs(line - from) < Math.abs(best - from) ? line : best));
  }
}

const NETWORKS = new Map<string, StreetNetwork>();

export function streetNetwork(metro: Metro): StreetNetwork {
  let network = NETWORKS.get(metro.name);
  if (!network) {
    network = new StreetNetwork(metro);
    NETWORKS.set(metro.name, network);
  }
  return network;
}
