import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { SCHEMA_SQL } from "../store/schema";
import { definitionPowertrainTypeOf } from "./energy";
import { distanceMiles } from "./geo";
import { KSUID_PATTERN, ksuid } from "./ksuid";
import { METROS } from "./metros";
import { createPrng } from "./prng";
import { seedDatabase } from "./seed-database";
import { generateTrips } from "./trip-generator";
import { continuityOf, tripBodies } from "./trip-json";
import { valuationFor } from "./valuation-model";
import { SEED_VEHICLES, shareableVehicleIds, VEHICLE_IDS } from "./vehicles";
import { deterministicWallet, VEHICLE_OWNERS } from "./wallets";

const ANCHOR = Date.UTC(2026, 0, 15, 12, 0, 0);
const vehicle = (tokenId: number) => {
  const found = SEED_VEHICLES.find((v) => v.tokenId === tokenId);
  if (!found) throw new Error(`no seeded vehicle ${tokenId}`);
  return found;
};

describe("the seeded vehicles", () => {
  it("have exactly the token ids, roles, trip counts and grants of the table", () => {
    const table: [number, string, number, string][] = [
      [21957, "Tesla Model 3 2022", 2500, "demo 1,2,3,4,5,6"],
      [17001, "Ford F-150 2021", 100_000, "demo 1,2,3,4,5,6"],
      [18234, "Toyota Camry 2019", 100, "demo 1,2,3,4,5,6"],
      [19876, "Honda Civic 2020", 0, "demo 1,2,3,4,5,6"],
      [20311, "BMW X5 2023", 300, "demo 1,5"],
      [20777, "Chevrolet Bolt EV 2022", 300, "demo 4"],
      [15002, "Hyundai Ioniq 5 2023", 400, "demo 1,2,3,4,5,6"],
      [14011, "Volkswagen ID.4 2021", 200, "demo 1,4"],
      [13004, "Subaru Outback 2020", 300, "demo 1,2,3,4,5,6,7"],
      [12345, "Kia EV6 2022", 150, "demo 1,2,3,4,5,6,7"],
      [11873, "Mazda CX-5 2021", 50, "demo 1,2,3,4,5,6"],
      [10420, "Nissan Leaf 2018", 80, "demo 1,2,3,4,5,6 expired"],
      [9001, "Jeep Wrangler 2019", 60, "none"],
      [8777, "Porsche Taycan 2024", 40, "other 1,2,3,4,5,6"],
      [16550, "Polestar 2 2023", 120, "demo 8"],
      [7301, "Tesla Model Y 2023", 40, "none"],
      [7302, "Ford Mustang Mach-E 2022", 35, "none"],
      [7303, "Rivian R1S 2023", 30, "none"],
      [7304, "Toyota Prius 2022", 45, "none"],
      [7305, "Toyota RAV4 2021", 30, "none"],
      [7306, "Jeep Wrangler 4xe 2022", 25, "none"],
      [7307, "Honda Accord 2020", 30, "none"],
      [24001, "Honda Civic 2024", 200, "demo 1,2,3,4,5,6"],
    ];
    expect(
      SEED_VEHICLES.map((v): [number, string, number, string] => [
        v.tokenId,
        `${v.make} ${v.model} ${v.year}`,
        v.trips.count,
        v.grant ? `${v.grant.license} ${v.grant.privileges.join(",")}${v.grant.expired ? " expired" : ""}` : "none",
      ]),
    ).toEqual(table);
    expect(VEHICLE_IDS).toMatchObject({
      manyTrips: 21957,
      perf: 17001,
      exactly100: 18234,
      noTrips: 19876,
      noTripsPrivilege: 20311,
      noValuationPrivilege: 20777,
      expiredGrant: 10420,
      notGranted: 9001,
      live: 24001,
    });
    expect(vehicle(21957).definitionId).toBe("tesla_model-3_2022");
  });

  it("give the login page's other accounts vehicles to share, of several makes and powertrains", () => {
    expect(shareableVehicleIds("stranger")).toEqual([7305, 7304, 7303, 7302, 7301]);
    expect(shareableVehicleIds("admin")).toEqual([7307, 7306]);
    expect(shareableVehicleIds("owner")).toEqual([]);
    const kinds = [...shareableVehicleIds("stranger"), ...shareableVehicleIds("admin")].map((id) =>
      definitionPowertrainTypeOf(vehicle(id).model),
    );
    expect(new Set(kinds)).toEqual(new Set(["BEV", "HEV", "PHEV", "ICE"]));
    expect(
      shareableVehicleIds("stranger").filter((id) => definitionPowertrainTypeOf(vehicle(id).model) === "BEV"),
    ).toHaveLength(3);
  });

  it("have distinct three-word names, no remote images, and owners that are not the license owner", () => {
    const names = SEED_VEHICLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of SEED_VEHICLES) {
      expect(v.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(v.imageURI === "" || v.imageURI.startsWith("data:image/svg+xml;base64,")).toBe(true);
      expect(v.owner).not.toBe(DEMO_LICENSE.owner.address);
    }
    expect(new Set(SEED_VEHICLES.map((v) => v.owner)).size).toBeGreaterThan(3);
    expect(VEHICLE_OWNERS[0]).toBe(deterministicWallet("vehicle owner 1").address);
  });
});

describe("generated trips", () => {
  it("are deterministic for an anchor, and move with it", () => {
    const a = tripBodies(generateTrips(vehicle(12345), ANCHOR));
    const b = tripBodies(generateTrips(vehicle(12345), ANCHOR));
    expect(a).toEqual(b);
    const later = generateTrips(vehicle(12345), ANCHOR + 3_600_000);
    const earlier = generateTrips(vehicle(12345), ANCHOR);
    expect(later.map((t) => t.endMicros - 3_600_000_000)).toEqual(earlier.map((t) => t.endMicros));
  });

  it("are sequential, 3 to 90 minutes long, in one metro area, with KSUID-like ids", () => {
    const trips = generateTrips(vehicle(VEHICLE_IDS.manyTrips), ANCHOR);
    expect(trips).toHaveLength(2500);
    trips.forEach((trip, i) => {
      const minutes = (trip.endMicros - trip.startMicros) / 60e6;
      expect(minutes).toBeGreaterThanOrEqual(3);
      expect(minutes).toBeLessThanOrEqual(90);
      const previous = trips[i - 1];
      if (previous) expect(trip.startMicros).toBeGreaterThan(previous.endMicros);
      expect(trip.id).toMatch(KSUID_PATTERN);
      for (const point of [trip.start, trip.end])
        if (point) expect(distanceMiles(point, METROS.lasVegas.center)).toBeLessThan(12);
    });
    const last = trips[trips.length - 1];
    const hoursAgo = (ANCHOR - (last?.endMicros ?? 0) / 1000) / 3_600_000;
    expect(hoursAgo).toBeGreaterThan(2);
    expect(hoursAgo).toBeLessThan(5);
  });

  it("span about two years for the 2,500-trip vehicle; the 100,000-trip one is deterministic and ends hours ago", () => {
    const many = generateTrips(vehicle(VEHICLE_IDS.manyTrips), ANCHOR);
    const spanDays = ((many[many.length - 1]?.endMicros ?? 0) - (many[0]?.startMicros ?? 0)) / 86_400e6;
    expect(spanDays).toBeGreaterThan(700);
    expect(spanDays).toBeLessThan(760);
    const perf = generateTrips(vehicle(VEHICLE_IDS.perf), ANCHOR);
    expect(perf).toHaveLength(100_000);
    const again = generateTrips(vehicle(VEHICLE_IDS.perf), ANCHOR);
    expect(again[again.length - 1]).toEqual(perf[perf.length - 1]);
    expect(again[50_000]).toEqual(perf[50_000]);
    expect((ANCHOR - (perf[perf.length - 1]?.endMicros ?? 0) / 1000) / 3_600_000).toBeLessThan(4);
  });
});

describe("continuityOf", () => {
  const here = { latitude: 36.1, longitude: -115.1 };
  const near = { latitude: 36.1015, longitude: -115.1 }; // about 0.1 mile north
  const far = { latitude: 36.11, longitude: -115.1 }; // about 0.7 mile north
  const trip = (end?: typeof here) => ({
    id: "x",
    startMicros: 0,
    endMicros: 1,
    roadMiles: 1,
    ...(end ? { end } : {}),
  });

  it("continues from the previous end within a quarter mile", () => {
    expect(continuityOf(trip(here), near)).toEqual({ droppedData: false, estimatedLocation: here });
  });

  it("drops data for a gap, an unknown previous end or no start fix", () => {
    expect(continuityOf(trip(here), far)).toEqual({ droppedData: true });
    expect(continuityOf(trip(), near)).toEqual({ droppedData: true });
    expect(continuityOf(trip(here), undefined)).toEqual({ droppedData: true });
  });

  it("treats the first trip as dropping nothing when it has a start", () => {
    expect(continuityOf(undefined, here)).toEqual({ droppedData: false });
  });
});

describe("ksuid", () => {
  it("writes 27 base62 characters, ordered by time", () => {
    const payload = createPrng("k").bytes(16);
    const early = ksuid(Date.UTC(2024, 0, 1), payload);
    const late = ksuid(Date.UTC(2025, 0, 1), payload);
    expect(early).toMatch(KSUID_PATTERN);
    expect(early < late).toBe(true);
  });
});

describe("valuationFor", () => {
  it("depreciates with age and mileage, trade-in below retail", () => {
    const tesla = vehicle(VEHICLE_IDS.manyTrips);
    const since = ANCHOR - 365 * 86_400_000;
    const low = valuationFor(tesla, { miles: 10_000, sinceMs: since }, ANCHOR);
    const high = valuationFor(tesla, { miles: 60_000, sinceMs: since }, ANCHOR);
    const later = valuationFor(tesla, { miles: 10_000, sinceMs: since }, ANCHOR + 365 * 86_400_000);
    expect(high.retail).toBeLessThan(low.retail);
    expect(later.retail).toBeLessThan(low.retail);
    expect(low.tradeIn).toBeLessThan(low.retail);
    expect(low.userDisplayPrice).toBe(Math.floor((low.retail + low.tradeIn) / 2));
    expect(valuationFor(tesla, null, ANCHOR).odometerMeasurementType).toBe("Market");
  });

  it("reads an odometer and a price a buyer would believe", () => {
    const camry = vehicle(VEHICLE_IDS.exactly100);
    const since = ANCHOR - 180 * 86_400_000;
    const valuation = valuationFor(camry, { miles: 1_500, sinceMs: since }, ANCHOR);
    const age = (ANCHOR - Date.UTC(camry.year - 1, 9, 1)) / (365.25 * 86_400_000);
    // The market's miles when the record began, plus the recorded trips.
    expect(valuation.odometer).toBeGreaterThan(12_000 * (age - 0.5));
    expect(valuation.odometer).toBeLessThan(12_000 * age + 1_500);
    // Near the market average for its age, and worth a meaningful share of its price new.
    expect(Math.abs(valuation.retail - valuation.retailAverage)).toBeLessThan(0.1 * valuation.retailAverage);
    expect(valuation.retail).toBeGreaterThan(camry.msrpUsd * 0.3);
    expect(valuation.retail).toBeLessThan(camry.msrpUsd);
  });
});

describe("seedDatabase", () => {
  function seededDigest(): string {
    const db = new Database(":memory:");
    db.exec(SCHEMA_SQL);
    // All but the 100,000-trip vehicle, whose trips' determinism is checked above, to keep the test quick.
    seedDatabase(
      db,
      ANCHOR,
      SEED_VEHICLES.filter((v) => v.tokenId !== VEHICLE_IDS.perf),
    );
    const hash = createHash("sha256");
    for (const table of [
      "vehicles",
      "grants",
      "licenses",
      "license_signers",
      "license_redirect_uris",
      "valuations",
      "trips",
      "drives",
    ]) {
      for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).iterate()) hash.update(JSON.stringify(row));
    }
    const keyCount = db.prepare("SELECT COUNT(*) AS n FROM signing_keys").get() as { n: number };
    db.close();
    expect(keyCount.n).toBe(2);
    return hash.digest("hex");
  }

  it("seeds the same data for the same anchor (keys aside)", () => {
    expect(seededDigest()).toBe(seededDigest());
  });
});
