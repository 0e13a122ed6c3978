import { type Metro } from "./metros";
import { createPrng } from "./prng";
import { streetNetwork } from "./streets";

/**
 * The names of each sandbox city's streets, for the basemap's labels: a pure function of the metro and the grid line,
 * so a street keeps its name across boxes and restarts. Columns (the north-south lines) take names from a list, in
 * order from a seeded start, so neighbours never share one; rows are numbered out from the centre, north and south.
 * Arterials have names of their own.
 */

const AVENUES = [
  "Oak",
  "Maple",
  "Cedar",
  "Elm",
  "Pine",
  "Walnut",
  "Chestnut",
  "Spruce",
  "Birch",
  "Willow",
  "Aspen",
  "Hickory",
  "Laurel",
  "Magnolia",
  "Juniper",
  "Sycamore",
  "Poplar",
  "Alder",
  "Cypress",
  "Linden",
  "Hawthorn",
  "Locust",
  "Redwood",
  "Sequoia",
];
const BOULEVARDS = [
  "Lincoln",
  "Washington",
  "Jefferson",
  "Franklin",
  "Madison",
  "Grant",
  "Harrison",
  "Monroe",
  "Jackson",
  "Roosevelt",
  "Central",
  "Park",
  "Lake",
  "Union",
  "Broadway",
  "Riverside",
];

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

const offsets = new Map<string, number>();
function offsetOf(metro: Metro): number {
  let offset = offsets.get(metro.name);
  if (offset === undefined) {
    offset = createPrng(`street-names:${metro.name}`).int(0, 1000);
    offsets.set(metro.name, offset);
  }
  return offset;
}

const at = (names: readonly string[], index: number): string =>
  names[((index % names.length) + names.length) % names.length] ?? "";

/** The name of grid column `i` (a north-south line) of the metro's network. */
export function columnName(metro: Metro, i: number): string {
  const network = streetNetwork(metro);
  const start = offsetOf(metro);
  return network.isArterial(i)
    ? `${at(BOULEVARDS, start + i / network.arterialEvery)} Boulevard`
    : `${at(AVENUES, start + i)} Avenue`;
}

/** The name of grid row `j` (an east-west line) of the metro's network. */
export function rowName(metro: Metro, j: number): string {
  const network = streetNetwork(metro);
  if (network.isArterial(j)) return `${at(BOULEVARDS, offsetOf(metro) + 7 + j / network.arterialEvery)} Road`;
  return `${j > 0 ? "North" : "South"} ${ordinal(Math.abs(j))} Street`;
}
