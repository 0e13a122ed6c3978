import { type LatLon } from "./geo";
import { type Metro } from "./metros";
import { createPrng } from "./prng";
import { streetNetwork } from "./streets";

/**
 * Each sandbox city's river, for the basemap: a pure function of the metro's seed, a band of water that meanders
 * across the city and out past its streets. The streets cross it as bridges do; the routes ignore it.
 */

const MILES_TO_METRES = 1609.344;
/** Distance between the outline's points along the river, in metres. */
const STEP_METRES = 250;

/** The river's outline, a closed ring of points (first and last the same). */
export function riverOutline(metro: Metro): LatLon[] {
  const rng = createPrng(`river:${metro.name}`);
  const network = streetNetwork(metro);
  const radius = metro.radiusMiles * MILES_TO_METRES;
  const heading = rng.between(0, Math.PI);
  const offset = rng.between(-0.35, 0.35) * radius;
  const halfWidth = rng.between(90, 160);
  const amplitude = rng.between(400, 900);
  const wavelength = rng.between(3000, 6000);
  const phase = rng.between(0, 2 * Math.PI);
  const half = radius * 2;
  const along = { x: Math.cos(heading), y: Math.sin(heading) };
  const across = { x: -along.y, y: along.x };
  const side = (sign: 1 | -1) => {
    const points: LatLon[] = [];
    for (let s = -half; s <= half; s += STEP_METRES) {
      const angle = (2 * Math.PI * s) / wavelength + phase;
      // Across the flow, the meander's slope turns the band so its width stays even on the bends.
      const slope = ((amplitude * 2 * Math.PI) / wavelength) * Math.cos(angle);
      const norm = Math.hypot(1, slope);
      const centre = offset + amplitude * Math.sin(angle);
      const dx = (-slope / norm) * sign * halfWidth;
      const dy = (1 / norm) * sign * halfWidth;
      const u = s + dx;
      const v = centre + dy;
      points.push(network.toLatLon({ x: u * along.x + v * across.x, y: u * along.y + v * across.y }));
    }
    return points;
  };
  const ring = [...side(1), ...side(-1).reverse()];
  return [...ring, ring[0] as LatLon];
}
