import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { METROS } from "../../seed/metros";
import { SEED_VEHICLES, VEHICLE_IDS } from "../../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();

interface Point {
  latitude: number;
  longitude: number;
}
interface Trip {
  id: string;
  start: { time: string; location?: Point; estimatedLocation?: Point };
  end: { time: string; location?: Point };
  droppedData: boolean;
}
interface TripsPage {
  trips: Trip[];
  totalPages: number;
  currentPage: number;
}

// An independent haversine, so the continuity rule is checked against the served data, not the seed's own code.
function miles(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.7613 * Math.asin(Math.sqrt(h));
}

async function tripsPage(tokenId: number, query = "", privileges: (1 | 4 | 5)[] = [4]) {
  const token = await suite.vehicleJwt(tokenId, privileges);
  return request(`${suite.url}/trips/v1/vehicle/${tokenId}/trips${query}`, { bearer: token });
}

async function allTrips(tokenId: number): Promise<Trip[]> {
  const first = (await tripsPage(tokenId)).body as TripsPage;
  const trips = [...first.trips];
  for (let page = 2; page <= first.totalPages; page++)
    trips.push(...((await tripsPage(tokenId, `?page=${page}`)).body as TripsPage).trips);
  return trips;
}

const RFC3339_FRACTION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,9}Z$/;

beforeEach(async () => {
  await suite.control.reset();
  suite.forgetTokens();
});

describe("trips of the vehicle with about 2,500", () => {
  let trips: Trip[] = [];
  beforeAll(async () => {
    trips = await allTrips(VEHICLE_IDS.manyTrips);
  });

  it("serves 25 pages of 100, newest first, ending a few hours before now", async () => {
    const answer = await tripsPage(VEHICLE_IDS.manyTrips);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const page = answer.body as TripsPage;
    expect(page.totalPages).toBe(25);
    expect(page.currentPage).toBe(1);
    expect(page.trips).toHaveLength(100);
    expect(trips).toHaveLength(2500);
    const newestEnd = Date.parse(trips[0]?.end.time ?? "");
    const hoursAgo = (Date.now() - newestEnd) / 3600_000;
    expect(hoursAgo).toBeGreaterThan(0);
    expect(hoursAgo).toBeLessThan(24);
    const oldestStart = Date.parse(trips[trips.length - 1]?.start.time ?? "");
    expect((Date.now() - oldestStart) / 86_400_000).toBeGreaterThan(600);
  });

  it("looks like real driving: ids, times, durations, order, one metro area", () => {
    const ids = new Set<string>();
    const lasVegas = METROS.lasVegas.center;
    trips.forEach((trip, i) => {
      expect(trip.id).toMatch(/^[0-9A-Za-z]{27}$/);
      ids.add(trip.id);
      expect(trip.start.time).toMatch(RFC3339_FRACTION);
      expect(trip.end.time).toMatch(RFC3339_FRACTION);
      const minutes = (Date.parse(trip.end.time) - Date.parse(trip.start.time)) / 60_000;
      expect(minutes).toBeGreaterThanOrEqual(3 - 0.01);
      expect(minutes).toBeLessThanOrEqual(90 + 0.01);
      for (const point of [trip.start.location, trip.end.location]) {
        if (point) expect(miles(point, lasVegas)).toBeLessThan(15);
      }
      const older = trips[i + 1];
      if (older) expect(Date.parse(older.end.time)).toBeLessThanOrEqual(Date.parse(trip.start.time));
      expect(trip.start).not.toHaveProperty("location", null);
      expect(trip.end).not.toHaveProperty("location", null);
    });
    expect(ids.size).toBe(trips.length);
  });

  it("computes droppedData and estimatedLocation from the locations, by the contract's rule", () => {
    let continued = 0;
    let dropped = 0;
    trips.forEach((trip, i) => {
      const previous = trips[i + 1]; // the next item is the previous trip in time
      const start = trip.start.location;
      const previousEnd = previous?.end.location;
      if (start && previousEnd && miles(previousEnd, start) <= 0.25) {
        expect(trip.start.estimatedLocation).toEqual(previousEnd);
        expect(trip.droppedData).toBe(false);
        continued++;
      } else {
        expect(trip.start.estimatedLocation).toBeUndefined();
        const expected = !start || (previous !== undefined && (!previousEnd || miles(previousEnd, start) > 0.25));
        expect(trip.droppedData).toBe(expected);
        if (expected) dropped++;
      }
      expect(trip.end).not.toHaveProperty("estimatedLocation");
    });
    // Mostly continuing where the car was parked, with some gaps.
    expect(continued / trips.length).toBeGreaterThan(0.85);
    expect(dropped).toBeGreaterThan(10);
  });
});

describe("paging", () => {
  it("treats an absent, zero or negative page as page 1 and ignores unknown parameters", async () => {
    const first = (await tripsPage(VEHICLE_IDS.manyTrips)).body as TripsPage;
    for (const query of ["?page=0", "?page=-3", "?page=", "?foo=bar", "?page=1&sort=asc"]) {
      const answer = await tripsPage(VEHICLE_IDS.manyTrips, query);
      expect(answer.status).toBe(200);
      const page = answer.body as TripsPage;
      expect(page.currentPage).toBe(1);
      expect(page.trips[0]?.id).toBe(first.trips[0]?.id);
    }
  });

  it("answers 400 for a page that is not an integer", async () => {
    for (const query of ["?page=abc", "?page=1.5", "?page=1e3", "?page=99999999999999999999"]) {
      const answer = await tripsPage(VEHICLE_IDS.manyTrips, query);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, message: "Couldn't parse query params." });
    }
  });

  it("returns no trips past the end, with the same totalPages", async () => {
    const answer = await tripsPage(VEHICLE_IDS.manyTrips, "?page=26");
    expect(answer.body).toEqual({ trips: [], totalPages: 25, currentPage: 26 });
  });

  it("serves exactly 100 trips as one page", async () => {
    const page = (await tripsPage(VEHICLE_IDS.exactly100)).body as TripsPage;
    expect(page.trips).toHaveLength(100);
    expect(page.totalPages).toBe(1);
    expect((await tripsPage(VEHICLE_IDS.exactly100, "?page=2")).body).toEqual({
      trips: [],
      totalPages: 1,
      currentPage: 2,
    });
  });

  it("answers a vehicle with no trips exactly as the contract shows", async () => {
    const answer = await tripsPage(VEHICLE_IDS.noTrips);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"trips":[],"totalPages":0,"currentPage":1}');
  });

  it("serves the 100,000-trip vehicle's last page", async () => {
    const last = (await tripsPage(VEHICLE_IDS.perf, "?page=1000")).body as TripsPage;
    expect(last.totalPages).toBe(1000);
    expect(last.trips).toHaveLength(100);
    const first = (await tripsPage(VEHICLE_IDS.perf)).body as TripsPage;
    expect(Date.parse(last.trips[0]?.end.time ?? "")).toBeLessThan(Date.parse(first.trips[99]?.end.time ?? ""));
    expect((Date.now() - Date.parse(first.trips[0]?.end.time ?? "")) / 3600_000).toBeLessThan(24);
  });

  it("keeps the trip counts of the seeded vehicles", async () => {
    for (const vehicle of SEED_VEHICLES.filter(
      (v) => v.grant?.license === "demo" && v.grant.privileges.includes(4) && !v.grant.expired,
    )) {
      const page = (await tripsPage(vehicle.tokenId)).body as TripsPage;
      // The live vehicle adds the drives it made since its seed (a test template may be a day old).
      if (vehicle.live) expect(page.totalPages).toBeGreaterThanOrEqual(Math.ceil(vehicle.trips.count / 100));
      else expect(page.totalPages).toBe(Math.ceil(vehicle.trips.count / 100));
    }
  });
});

describe("locations", () => {
  it("leaves out missing locations (never null) and marks the next trip as dropped data", async () => {
    const trips = await allTrips(VEHICLE_IDS.missingEndLocations);
    expect(trips).toHaveLength(400);
    const missingEnds = trips.map((t, i) => ({ t, i })).filter(({ t }) => !("location" in t.end));
    expect(missingEnds.length).toBeGreaterThanOrEqual(5);
    for (const { i } of missingEnds) {
      const next = trips[i - 1];
      if (next) expect(next.droppedData).toBe(true);
    }
    expect(JSON.stringify(trips)).not.toContain("null");
    const missingStarts = trips.filter((t) => !("location" in t.start));
    for (const trip of missingStarts) expect(trip.droppedData).toBe(true);
  });
});

describe("errors", () => {
  it("answers 401 without a valid token", async () => {
    for (const bearer of [undefined, "abc.def.ghi", "nonsense"]) {
      const answer = await request(
        `${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.manyTrips}/trips`,
        bearer ? { bearer } : {},
      );
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 401, message: "Invalid or expired JWT" });
    }
  });

  it("answers 401 once the Vehicle JWT has expired by the sandbox clock", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [4]);
    const ok = await request(`${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.manyTrips}/trips`, { bearer: token });
    expect(ok.status).toBe(200);
    await suite.control.advanceClock(601);
    const expired = await request(`${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.manyTrips}/trips`, { bearer: token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 401, message: "Invalid or expired JWT" });
    await suite.control.resetClock();
    const again = await request(`${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.manyTrips}/trips`, { bearer: token });
    expect(again.status).toBe(200);
  });

  it("answers 401 for a token of another vehicle", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]);
    const answer = await request(`${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.manyTrips}/trips`, { bearer: token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 401, message: "Unauthorized! Wrong device token provided" });
  });

  it("answers 401 for a token without privilege 4", async () => {
    const answer = await tripsPage(VEHICLE_IDS.noTripsPrivilege, "", [1, 5]);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 401, message: "Unauthorized! Token does not contain required privileges" });
  });

  it("answers 400 for a token id that does not parse", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [4]);
    const answer = await request(`${suite.url}/trips/v1/vehicle/abc/trips`, { bearer: token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, message: "Couldn't parse vehicle token id." });
  });
});
