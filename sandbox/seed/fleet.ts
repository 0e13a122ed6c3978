import { type PrivilegeId } from "@/lib/protocol";
import { type MetroId, METROS } from "./metros";
import { vehicleImageUri, vehicleName } from "./names";
import { createPrng, type Prng } from "./prng";
import { definitionIdOf, SEED_VEHICLES, type SeedGrant, type SeedVehicle } from "./vehicles";
import { deterministicWallet } from "./wallets";

/**
 * A fleet shared with the demo license (`--fleet N`): N more vehicles of the seed's own makes and models, each a pure
 * function of its position in the fleet, so the same N always gives the same vehicles and a larger N only adds to
 * them. Few trips each, so that ten thousand seed quickly.
 */

/** Above every token id of the hand-made seed, so fleet vehicles never collide with the vehicles tests rely on. */
export const FLEET_FIRST_TOKEN_ID = 30_001;
export const MAX_FLEET_SIZE = 100_000;

const FLEET_OWNER_COUNT = 40;
const OLDEST_MODEL_YEAR = 2015;
const NEWEST_MODEL_YEAR = 2025;

/**
 * The makes, models and prices the seed already knows, so every fleet model has its powertrain and valuation. The
 * live vehicle is left out: it repeats a model, and the fleet stays the same with or without it.
 */
const MODELS = [
  ...new Map(
    SEED_VEHICLES.filter((v) => !v.live).map((v) => [
      `${v.make} ${v.model}`,
      { make: v.make, model: v.model, year: v.year, msrpUsd: v.msrpUsd },
    ]),
  ).values(),
];
const METRO_IDS = Object.keys(METROS) as MetroId[];

const ALL: readonly PrivilegeId[] = [1, 2, 3, 4, 5, 6];
/** What fleet developers ask for: everything, an insurer's telemetry, location and VIN, or narrower sets. */
const PRIVILEGE_SETS: readonly [weight: number, privileges: readonly PrivilegeId[]][] = [
  [50, ALL],
  [20, [1, 3, 4, 5]],
  [10, [1, 4]],
  [10, [1, 8]],
  [5, [1, 5]],
  [5, [4]],
];

function weighted<T>(rng: Prng, choices: readonly (readonly [number, T])[]): T {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  let roll = rng.between(0, total);
  for (const [weight, value] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (choices[choices.length - 1] as readonly [number, T])[1];
}

/** Mostly live for months; some end within 30 days; some ended already (and so drop out of the license's list). */
function fleetGrant(rng: Prng): SeedGrant {
  const privileges = weighted(rng, PRIVILEGE_SETS);
  const roll = rng.next();
  if (roll < 0.04) return { license: "demo", privileges, expired: true };
  const expiresInDays = roll < 0.12 ? rng.int(1, 29) : rng.int(45, 365);
  return { license: "demo", privileges, expired: false, expiresInDays };
}

let fleetOwners: `0x${string}`[] | undefined;
/** Derived only when a fleet is seeded: each address costs a key derivation. */
function ownerOf(rng: Prng): `0x${string}` {
  fleetOwners ??= Array.from(
    { length: FLEET_OWNER_COUNT },
    (_, n) => deterministicWallet(`fleet owner ${n + 1}`).address,
  );
  return rng.pick(fleetOwners);
}

function fleetVehicle(index: number): SeedVehicle {
  const tokenId = FLEET_FIRST_TOKEN_ID + index;
  const rng = createPrng(`fleet:${tokenId}`);
  const base = rng.pick(MODELS);
  const year = Math.min(NEWEST_MODEL_YEAR, Math.max(OLDEST_MODEL_YEAR, base.year + rng.int(-5, 2)));
  // A tenth of the fleet has not driven for over a week: parked, off the road, or its device unplugged.
  const lastEndHoursAgo = rng.chance(0.1) ? rng.int(8 * 24, 60 * 24) : rng.int(1, 6 * 24);
  return {
    tokenId,
    make: base.make,
    model: base.model,
    year,
    definitionId: definitionIdOf(base.make, base.model, year),
    name: vehicleName(rng),
    imageURI: rng.chance(0.9) ? vehicleImageUri(rng) : "",
    owner: ownerOf(rng),
    metro: rng.pick(METRO_IDS),
    trips: { count: rng.int(1, 4), spanDays: rng.int(2, 14), lastEndHoursAgo, extraMissingEndLocations: 0 },
    grant: fleetGrant(rng),
    msrpUsd: base.msrpUsd,
    role: null,
  };
}

/** The first `size` fleet vehicles, lowest token id first. */
export function fleetVehicles(size: number): SeedVehicle[] {
  if (!Number.isInteger(size) || size < 0 || size > MAX_FLEET_SIZE) {
    throw new RangeError(`a fleet has 0 to ${MAX_FLEET_SIZE} vehicles, not ${size}`);
  }
  return Array.from({ length: size }, (_, index) => fleetVehicle(index));
}

/** The fleet vehicle with that token id, whether or not the database holds a fleet that large. */
function fleetVehicleOf(tokenId: number): SeedVehicle | undefined {
  const index = tokenId - FLEET_FIRST_TOKEN_ID;
  return Number.isInteger(index) && index >= 0 && index < MAX_FLEET_SIZE ? fleetVehicle(index) : undefined;
}

const HAND_MADE = new Map(SEED_VEHICLES.map((vehicle) => [vehicle.tokenId, vehicle]));

/** What the seed made the vehicle with that token id from: a hand-made row or a fleet vehicle. */
export function seedVehicleOf(tokenId: number): SeedVehicle | undefined {
  return HAND_MADE.get(tokenId) ?? fleetVehicleOf(tokenId);
}

/** Where a seeded database records its fleet's size; absent means no fleet. */
export const FLEET_SIZE_META_KEY = "fleet_size";
