import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { SCHEMA_SQL } from "../store/schema";
import { definitionPowertrainTypeOf } from "./energy";
import { FLEET_FIRST_TOKEN_ID, FLEET_SIZE_META_KEY, fleetVehicles, MAX_FLEET_SIZE } from "./fleet";
import { seedDatabase, seedFleet } from "./seed-database";
import { DAY_MS } from "./times";
import { SEED_VEHICLES } from "./vehicles";

const ANCHOR = Date.UTC(2026, 0, 15, 12, 0, 0);
const FLEET = fleetVehicles(400);

/** Licenses and keys, no hand-made vehicles, then the fleet: what `--fleet` adds, quickly. */
function seedFleetOnly(size: number): Database.Database {
  const db = new Database(":memory:");
  db.exec(SCHEMA_SQL);
  seedDatabase(db, ANCHOR, []);
  seedFleet(db, ANCHOR, size);
  return db;
}

function digest(db: Database.Database): string {
  const hash = createHash("sha256");
  for (const table of ["vehicles", "grants", "seed_grants", "valuations", "trips", "drives", "meta"]) {
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()) hash.update(JSON.stringify(row));
  }
  return hash.digest("hex");
}

describe("the fleet", () => {
  it("is the same for the same size, and a larger fleet only adds vehicles", () => {
    expect(fleetVehicles(400)).toEqual(FLEET);
    expect(fleetVehicles(150)).toEqual(FLEET.slice(0, 150));
    expect(fleetVehicles(0)).toEqual([]);
    expect(() => fleetVehicles(MAX_FLEET_SIZE + 1)).toThrow(RangeError);
  });

  it("takes token ids above every hand-made vehicle's, one each", () => {
    const ids = FLEET.map((v) => v.tokenId);
    expect(ids[0]).toBe(FLEET_FIRST_TOKEN_ID);
    expect(new Set(ids).size).toBe(FLEET.length);
    expect(FLEET_FIRST_TOKEN_ID).toBeGreaterThan(Math.max(...SEED_VEHICLES.map((v) => v.tokenId)));
  });

  it("mixes the seed's makes, model years, powertrains and metros, with few trips each", () => {
    const seedModels = new Set(SEED_VEHICLES.map((v) => `${v.make} ${v.model}`));
    expect(FLEET.every((v) => seedModels.has(`${v.make} ${v.model}`))).toBe(true);
    expect(new Set(FLEET.map((v) => v.make)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(FLEET.map((v) => v.year)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(FLEET.map((v) => definitionPowertrainTypeOf(v.model)))).toEqual(
      new Set(["BEV", "ICE", "HEV", "PHEV"]),
    );
    expect(new Set(FLEET.map((v) => v.metro)).size).toBeGreaterThanOrEqual(10);
    expect(FLEET.every((v) => v.trips.count >= 1 && v.trips.count <= 4)).toBe(true);
  });

  it("grants every vehicle to the demo license with several privilege sets, some ending soon, some ended", () => {
    const grants = FLEET.map((v) => v.grant);
    expect(grants.every((g) => g?.license === "demo")).toBe(true);
    expect(new Set(grants.map((g) => g?.privileges.join(","))).size).toBeGreaterThanOrEqual(5);
    const expired = grants.filter((g) => g?.expired).length;
    const endingSoon = grants.filter((g) => !g?.expired && (g?.expiresInDays ?? 365) < 30).length;
    expect(expired).toBeGreaterThan(4);
    expect(endingSoon).toBeGreaterThan(10);
    expect(expired + endingSoon).toBeLessThan(FLEET.length / 4);
  });
});

describe("seeding the fleet", () => {
  it("writes the same rows twice over", () => {
    const first = seedFleetOnly(200);
    const second = seedFleetOnly(200);
    expect(digest(first)).toBe(digest(second));
    expect(digest(seedFleetOnly(199))).not.toBe(digest(first));
    first.close();
    second.close();
  });

  it("stores each vehicle with its trips, its grant in force or not, and the fleet's size", () => {
    const db = seedFleetOnly(200);
    const count = (sql: string, ...params: unknown[]) =>
      (db
        .prepare(sql)
        .pluck()
        .get(...params) as number | undefined) ?? -1;
    expect(count("SELECT COUNT(*) FROM vehicles")).toBe(200);
    expect(count("SELECT SUM(trip_count) FROM vehicles")).toBe(count("SELECT COUNT(*) FROM trips"));
    expect(count("SELECT SUM(trip_count) FROM vehicles")).toBe(
      FLEET.slice(0, 200).reduce((sum, v) => sum + v.trips.count, 0),
    );
    const demo = DEMO_LICENSE.clientId.toLowerCase();
    const live = FLEET.slice(0, 200).filter((v) => !v.grant?.expired).length;
    expect(count("SELECT COUNT(*) FROM grants WHERE grantee = ? AND expires_at > ?", demo, ANCHOR)).toBe(live);
    expect(
      count("SELECT COUNT(*) FROM grants WHERE expires_at > ? AND expires_at < ?", ANCHOR, ANCHOR + 30 * DAY_MS),
    ).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) FROM seed_grants")).toBe(200);
    expect(db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(FLEET_SIZE_META_KEY)).toBe("200");
    db.close();
  });
});
