import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { encodePermissions } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { generateSigningKey } from "../keys/signing-keys";
import { SCHEMA_SQL } from "../store/schema";
import { METROS } from "./metros";
import { createPrng, type Prng } from "./prng";
import { DAY_MS, HOUR_MS } from "./times";
import { FLEET_FIRST_TOKEN_ID, FLEET_SIZE_META_KEY, fleetVehicles } from "./fleet";
import { energyLog, finalOdometerKm, KM_PER_MILE } from "./energy";
import { generateTrips } from "./trip-generator";
import { liveHistory } from "../live/live-trips";
import { tripBodies } from "./trip-json";
import { valuationFor } from "./valuation-model";
import { SEED_VEHICLES, type SeedVehicle } from "./vehicles";
import { SEED_VERSION } from "./version";
import { OTHER_LICENSE } from "./wallets";

/**
 * Seeds a fresh sandbox database. Everything is a function of the anchor time ("now" at seed time) and fixed seed
 * strings, except the RSA keys, which are generated fresh and then kept.
 */

const GRANT_LIFETIME_DAYS = 365;
const GRANT_LIFETIME_MS = GRANT_LIFETIME_DAYS * DAY_MS;
const EXPIRED_GRANT_AGE_MS = 30 * DAY_MS;

function seedLicenses(db: Database.Database, anchorMs: number): void {
  const insertLicense = db.prepare(
    "INSERT INTO licenses (client_id, token_id, owner, alias, minted_at) VALUES (?, ?, ?, ?, ?)",
  );
  const insertUri = db.prepare("INSERT INTO license_redirect_uris (client_id, uri, enabled_at) VALUES (?, ?, ?)");
  const insertSigner = db.prepare("INSERT INTO license_signers (client_id, address, enabled_at) VALUES (?, ?, ?)");

  const demoMinted = anchorMs - 420 * DAY_MS;
  const demoId = DEMO_LICENSE.clientId.toLowerCase();
  insertLicense.run(
    demoId,
    DEMO_LICENSE.tokenId,
    DEMO_LICENSE.owner.address.toLowerCase(),
    DEMO_LICENSE.alias,
    demoMinted,
  );
  // The same address with and without a trailing "/": the real service compares them as different strings, so a
  // dashboard configured either way signs in.
  insertUri.run(demoId, DEMO_LICENSE.redirectUri, demoMinted + HOUR_MS);
  insertUri.run(demoId, `${DEMO_LICENSE.redirectUri}/`, demoMinted + HOUR_MS + 60_000);
  insertSigner.run(demoId, DEMO_LICENSE.apiKeySigner.toLowerCase(), demoMinted + 2 * HOUR_MS);

  const otherMinted = anchorMs - 300 * DAY_MS;
  const otherId = OTHER_LICENSE.clientId.toLowerCase();
  insertLicense.run(
    otherId,
    OTHER_LICENSE.tokenId,
    OTHER_LICENSE.owner.toLowerCase(),
    OTHER_LICENSE.alias,
    otherMinted,
  );
  insertUri.run(otherId, OTHER_LICENSE.redirectUri, otherMinted + HOUR_MS);
}

/** An IPFS-looking address for the grant document (a CIDv1 in base32), derived from the seed. */
function grantSource(rng: Prng): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let cid = "bafkrei";
  for (let i = 0; i < 52; i++) cid += alphabet.charAt(rng.int(0, 31));
  return `ipfs://${cid}`;
}

function seedVehicle(db: Database.Database, vehicle: SeedVehicle, anchorMs: number): number {
  const rng = createPrng(`vehicle-times:${vehicle.tokenId}`);
  const trips = vehicle.live
    ? liveHistory({ ...vehicle, live: vehicle.live }, anchorMs)
    : generateTrips(vehicle, anchorMs);
  const energy = energyLog(vehicle, trips);
  const bodies = tripBodies(trips);
  const insertTrip = db.prepare("INSERT INTO trips (token_id, rank, body) VALUES (?, ?, ?)");
  // Rank 1 is the newest trip: trips are sequential, so end-time order is generation order reversed. Inserting in
  // rank order keeps the b-tree pages full (descending inserts leave them half empty).
  for (let rank = 1; rank <= bodies.length; rank++) insertTrip.run(vehicle.tokenId, rank, bodies[bodies.length - rank]);
  const insertDrive = db.prepare(
    `INSERT INTO drives (token_id, start_us, end_us, seq, start_lat, start_lon, end_lat, end_lon, odometer_km, level_percent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const micro = (degrees: number) => Math.round(degrees * 1e6);
  trips.forEach((trip, i) => {
    const { odometerKm, levelPercent } = energy[i] as { odometerKm: number; levelPercent: number };
    insertDrive.run(
      vehicle.tokenId,
      trip.startMicros,
      trip.endMicros,
      trip.seq,
      micro(trip.routeStart.latitude),
      micro(trip.routeStart.longitude),
      micro(trip.routeEnd.latitude),
      micro(trip.routeEnd.longitude),
      odometerKm,
      levelPercent,
    );
  });

  const firstStartMs = trips[0] ? trips[0].startMicros / 1000 : anchorMs - 380 * DAY_MS;
  const mintedAt = Math.floor(firstStartMs - rng.int(5, 60) * DAY_MS);
  // The miles the odometer moved since the first trip: the routes, and the moves the device did not record.
  const finalKm = finalOdometerKm(trips, energy);
  const startKm = energy[0]?.odometerKm ?? 0;
  const driving = finalKm === null ? null : { miles: (finalKm - startKm) / KM_PER_MILE, sinceMs: firstStartMs };
  const valuation = valuationFor(vehicle, driving, anchorMs - rng.int(2, 30) * HOUR_MS, METROS[vehicle.metro].zipCode);

  db.prepare(
    `INSERT INTO vehicles (token_id, owner, name, image_uri, minted_at, make, model, year, definition_id, trip_count, mileage)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    vehicle.tokenId,
    vehicle.owner.toLowerCase(),
    vehicle.name,
    vehicle.imageURI,
    mintedAt,
    vehicle.make,
    vehicle.model,
    vehicle.year,
    vehicle.definitionId,
    trips.length,
    valuation.mileage,
  );
  db.prepare("INSERT INTO valuations (token_id, body) VALUES (?, ?)").run(vehicle.tokenId, JSON.stringify(valuation));

  if (vehicle.grant) {
    const grantee = vehicle.grant.license === "demo" ? DEMO_LICENSE.clientId : OTHER_LICENSE.clientId;
    const expiresAt = vehicle.grant.expired
      ? anchorMs - EXPIRED_GRANT_AGE_MS
      : anchorMs + (vehicle.grant.expiresInDays ?? GRANT_LIFETIME_DAYS) * DAY_MS;
    const createdAt = Math.max(mintedAt + DAY_MS, expiresAt - GRANT_LIFETIME_MS - rng.int(1, 200) * DAY_MS);
    db.prepare(
      `INSERT INTO grants (token_id, grantee, privileges, permissions, source, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      vehicle.tokenId,
      grantee.toLowerCase(),
      vehicle.grant.privileges.join(","),
      encodePermissions(vehicle.grant.privileges),
      grantSource(rng),
      createdAt,
      expiresAt,
    );
  }
  return trips.length;
}

/** Fills an empty database (schema already applied) in one transaction. `vehicles` narrows the seed, for tests. */
export function seedDatabase(
  db: Database.Database,
  anchorMs: number,
  vehicles: readonly SeedVehicle[] = SEED_VEHICLES,
): { trips: number } {
  let trips = 0;
  db.transaction(() => {
    const setMeta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
    setMeta.run("seed_version", String(SEED_VERSION));
    setMeta.run("anchor_ms", String(anchorMs));
    generateSigningKey(db, "auth");
    generateSigningKey(db, "token-exchange");
    seedLicenses(db, anchorMs);
    for (const vehicle of vehicles) trips += seedVehicle(db, vehicle, anchorMs);
    db.exec("INSERT INTO seed_grants SELECT * FROM grants");
  })();
  return { trips };
}

/**
 * Adds the first `fleetSize` fleet vehicles, granted to the demo license, to a database seeded without a fleet, and
 * records the size in `meta`. Their grants join the seeded ones, so a reset keeps them.
 */
export function seedFleet(db: Database.Database, anchorMs: number, fleetSize: number): { trips: number } {
  let trips = 0;
  db.transaction(() => {
    for (const vehicle of fleetVehicles(fleetSize)) trips += seedVehicle(db, vehicle, anchorMs);
    db.prepare("INSERT INTO seed_grants SELECT * FROM grants WHERE token_id >= ?").run(FLEET_FIRST_TOKEN_ID);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(FLEET_SIZE_META_KEY, String(fleetSize));
  })();
  return { trips };
}

/**
 * Writes a freshly seeded database to `path`: built in a side file with journaling off (fast, and nothing to
 * recover if interrupted), then renamed into place so a half-seeded file is never seen.
 */
export function seedDatabaseFile(
  path: string,
  anchorMs: number = Date.now(),
  fleetSize = 0,
): { trips: number; durationMs: number } {
  const started = performance.now();
  mkdirSync(dirname(path), { recursive: true });
  const building = `${path}.seeding-${process.pid}`;
  rmSync(building, { force: true });
  const db = new Database(building);
  try {
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.exec(SCHEMA_SQL);
    const { trips } = seedDatabase(db, anchorMs);
    const fleet = fleetSize > 0 ? seedFleet(db, anchorMs, fleetSize) : { trips: 0 };
    db.close();
    for (const suffix of ["-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
    renameSync(building, path);
    return { trips: trips + fleet.trips, durationMs: performance.now() - started };
  } catch (error) {
    if (db.open) db.close();
    if (existsSync(building)) rmSync(building, { force: true });
    throw error;
  }
}
