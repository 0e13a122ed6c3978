import { describe, expect, it } from "vitest";
import { testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { haversineKm } from "@/lib/geo/distance";
import { MAX_PATH_POINTS, pathWindowOf } from "@/lib/geo/trip-path-window";
import type { Trip } from "@/lib/models";

/**
 * A trip's path read from the sandbox's Telemetry API through the client: real tokens, real signals along the city's
 * streets, and the speed asked for only when the grant allows it.
 */

const sandbox = setUpSandbox();

async function firstTrip(tokenId: number): Promise<{ trip: Trip; client: ReturnType<typeof testClient> }> {
  const client = testClient(sandbox.url);
  const { trips } = await client.client.listTrips(tokenId, 1);
  const trip = trips.find((candidate) => candidate.start.location && candidate.end.location);
  if (!trip) throw new Error("the seed has no trip with both ends");
  return { trip, client };
}

describe("getTripPath", () => {
  it("follows the trip from its start to its end along many fixes, with speeds", async () => {
    const { trip, client } = await firstTrip(VEHICLE_IDS.exactly100);
    const window = pathWindowOf(trip);
    if (!window) throw new Error("the trip has no times");
    const path = await client.client.getTripPath(VEHICLE_IDS.exactly100, window);

    expect(path.coordinates.length).toBeGreaterThan(10);
    expect(path.coordinates.length).toBeLessThanOrEqual(MAX_PATH_POINTS + 1);
    expect(path.times).toHaveLength(path.coordinates.length);
    expect(path.speeds).toHaveLength(path.coordinates.length);
    // The last fix is the trip's end, exactly; the first is within the first interval's drive of the start.
    const [lastLng, lastLat] = path.coordinates.at(-1) ?? [0, 0];
    expect(haversineKm({ latitude: lastLat, longitude: lastLng }, trip.end.location ?? { latitude: 0, longitude: 0 })).toBeLessThan(0.01);
    const [firstLng, firstLat] = path.coordinates[0] ?? [0, 0];
    expect(haversineKm({ latitude: firstLat, longitude: firstLng }, trip.start.location ?? { latitude: 0, longitude: 0 })).toBeLessThan(0.5);
    // Oldest first, within the trip's times.
    expect([...path.times].sort((a, b) => a - b)).toEqual(path.times);
    expect(path.times[0]).toBeGreaterThanOrEqual(Date.parse(trip.start.time));
    expect(path.times.at(-1)).toBeLessThanOrEqual(Date.parse(trip.end.time) + 1000);
    expect(path.speeds.some((speed) => typeof speed === "number" && speed > 10)).toBe(true);
  });

  it("reads only the location for a grant with location history and nothing else (no speed asked, none refused)", async () => {
    const { trip, client } = await firstTrip(VEHICLE_IDS.noValuationPrivilege);
    const window = pathWindowOf(trip);
    if (!window) throw new Error("the trip has no times");
    const path = await client.client.getTripPath(VEHICLE_IDS.noValuationPrivilege, window);
    expect(path.coordinates.length).toBeGreaterThan(10);
    expect(path.speeds.every((speed) => speed === null)).toBe(true);
  });

  it("refuses a grant without location history before asking for a token", async () => {
    const { client, activity } = testClient(sandbox.url);
    await expect(
      client.getTripPath(VEHICLE_IDS.noTripsPrivilege, { from: "2026-10-01T00:00:00Z", to: "2026-10-01T01:00:00Z", interval: "5s" }),
    ).rejects.toMatchObject({ code: "PRIVILEGE_MISSING" });
    expect(activity.some((entry) => entry.service === "telemetry" || entry.service === "tokenExchange")).toBe(false);
  });
});
