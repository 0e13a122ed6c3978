import { type Prng } from "./prng";

// Three-word names in the style of the network's generated vehicle names ("Crimson Falcon Drive").
const FIRST = [
  "Crimson",
  "Azure",
  "Silent",
  "Golden",
  "Amber",
  "Hidden",
  "Rapid",
  "Velvet",
  "Copper",
  "Lucky",
  "Misty",
  "Brave",
  "Quiet",
  "Solar",
  "Frosty",
  "Mellow",
];
const SECOND = [
  "Falcon",
  "River",
  "Meadow",
  "Canyon",
  "Harbor",
  "Comet",
  "Willow",
  "Summit",
  "Cedar",
  "Otter",
  "Lantern",
  "Prairie",
  "Orbit",
  "Maple",
  "Ember",
  "Glacier",
];
const THIRD = ["Drive", "Road", "Trail", "Way", "Lane", "Pass", "Ridge", "Crossing", "Run", "Path", "Street", "Loop"];

export function vehicleName(rng: Prng): string {
  return `${rng.pick(FIRST)} ${rng.pick(SECOND)} ${rng.pick(THIRD)}`;
}

const PAINT = ["#b91c1c", "#1d4ed8", "#f8fafc", "#111827", "#6b7280", "#15803d", "#ca8a04", "#7c3aed"];

/** A small inline SVG of a car in a seeded paint colour: a data URI, so no remote image is ever fetched. */
export function vehicleImageUri(rng: Prng): string {
  const paint = rng.pick(PAINT);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60">` +
    `<rect width="120" height="60" fill="#e5e7eb"/>` +
    `<path d="M14 40 L22 26 Q26 20 34 20 L78 20 Q86 20 92 26 L102 34 Q108 35 108 40 L108 44 L14 44 Z" fill="${paint}"/>` +
    `<path d="M36 24 L52 24 L52 33 L28 33 Z M56 24 L76 24 Q82 24 86 29 L88 33 L56 33 Z" fill="#bfdbfe"/>` +
    `<circle cx="34" cy="45" r="8" fill="#1f2937"/><circle cx="88" cy="45" r="8" fill="#1f2937"/>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
