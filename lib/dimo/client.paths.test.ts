import { describe, expect, it } from "vitest";
import { testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { haversineKm } from "@/lib/geo/distance";
import { MAX_PATH_POINTS, pathWindowOf } from "@/lib/geo/trip-path-window";
import type { Trip, TripPath } from "@/lib/models";
import { PATHS_PER_REQUEST, type PathAnswer } from "./telemetry";

/**
 * Trips' paths read from the sandbox's Telemetry API through the client: real tokens, real signals along the city's
 * streets, the speed asked for only when the grant allows it, and up to PATHS_PER_REQUEST trips in one request.
 */

const sandbox = setUpSandbox();

async function firstTrip(tokenId: number): Promise<{ trip: Trip; client: ReturnType<typeof testClient> }> {
  const client = testClient(sandbox.url);
  const { trips } = await client.client.listTrips(tokenId, 1);
  const trip = trips.find((candidate) => candidate.start.location && candidate.end.location);
  if (!trip) throw new Error("the seed has no trip with both ends");
  return { trip, client };
}

function pathIn(answer: PathAnswer | undefined): TripPath {
  if (!answer?.ok) throw new Error(`expected a path, got ${answer ? answer.error.message : "nothing"}`);
  return answer.path;
}

describe("getTripPaths", () => {
  it("follows the trip from its start to its end along many fixes, with speeds", async () => {
    const { trip, client } = await firstTrip(VEHICLE_IDS.exactly100);
    const window = pathWindowOf(trip);
    if (!window) throw new Error("the trip has no times");
    const path = pathIn((await client.client.getTripPaths(VEHICLE_IDS.exactly100, [window]))[0]);

    expect(path.coordinates.length).toBeGreaterThan(10);
    expect(path.coordinates.length).toBeLessThanOrEqual(MAX_PATH_POINTS + 1);
    expect(path.times).toHaveLength(path.coordinates.length);
    expect(path.speeds).toHaveLength(path.coordinates.length);
    // The last fix is the trip's end, exactly; the first is within the first interval's drive of the start.
    const [lastLng, lastLat] = path.coordinates.at(-1) ?? [0, 0];
    expect(
      haversineKm({ latitude: lastLat, longitude: lastLng }, trip.end.location ?? { latitude: 0, longitude: 0 }),
    ).toBeLessThan(0.01);
    const [firstLng, firstLat] = path.coordinates[0] ?? [0, 0];
    expect(
      haversineKm({ latitude: firstLat, longitude: firstLng }, trip.start.location ?? { latitude: 0, longitude: 0 }),
    ).toBeLessThan(0.5);
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
    const path = pathIn((await client.client.getTripPaths(VEHICLE_IDS.noValuationPrivilege, [window]))[0]);
    expect(path.coordinates.length).toBeGreaterThan(10);
    expect(path.speeds.every((speed) => speed === null)).toBe(true);
  });

  it("refuses a grant without location history before asking for a token", async () => {
    const { client, activity } = testClient(sandbox.url);
    await expect(
      client.getTripPaths(VEHICLE_IDS.noTripsPrivilege, [
        { from: "2026-10-01T00:00:00Z", to: "2026-10-01T01:00:00Z", interval: "5s" },
      ]),
    ).rejects.toMatchObject({ code: "PRIVILEGE_MISSING" });
    expect(activity.some((entry) => entry.service === "telemetry" || entry.service === "tokenExchange")).toBe(false);
  });

  it("reads ten trips in one request, each path its own trip's, in the order asked", async () => {
    const { client, activity } = testClient(sandbox.url);
    const { trips } = await client.listTrips(VEHICLE_IDS.exactly100, 1);
    const chosen = trips.filter((trip) => trip.start.location && trip.end.location).slice(0, PATHS_PER_REQUEST);
    expect(chosen).toHaveLength(PATHS_PER_REQUEST);
    const windows = chosen.map((trip) => pathWindowOf(trip) ?? { from: "", to: "", interval: "" });
    const before = activity.filter((entry) => entry.service === "telemetry").length;

    const answers = await client.getTripPaths(VEHICLE_IDS.exactly100, windows);

    expect(activity.filter((entry) => entry.service === "telemetry").length - before).toBe(1);
    expect(answers).toHaveLength(chosen.length);
    chosen.forEach((trip, index) => {
      const path = pathIn(answers[index]);
      const [lng, lat] = path.coordinates.at(-1) ?? [0, 0];
      expect(
        haversineKm({ latitude: lat, longitude: lng }, trip.end.location ?? { latitude: 0, longitude: 0 }),
      ).toBeLessThan(0.01);
    });
  });

  it("fails one window alone when the service refuses it, and serves the others", async () => {
    const { trip, client } = await firstTrip(VEHICLE_IDS.exactly100);
    const window = pathWindowOf(trip);
    if (!window) throw new Error("the trip has no times");
    const backwards = { from: window.to, to: window.from, interval: window.interval };

    const [good, bad] = await client.client.getTripPaths(VEHICLE_IDS.exactly100, [window, backwards]);

    expect(pathIn(good).coordinates.length).toBeGreaterThan(10);
    expect(bad).toMatchObject({ ok: false, error: { service: "telemetry", code: "BAD_REQUEST" } });
    expect(bad?.ok ? "" : bad?.error.message).toContain("from timestamp is after to timestamp");
  });

  it("refuses more windows than one request may carry, before any request", async () => {
    const { client, activity } = testClient(sandbox.url);
    const window = { from: "2026-10-01T00:00:00Z", to: "2026-10-01T01:00:00Z", interval: "5s" };
    await expect(
      client.getTripPaths(VEHICLE_IDS.exactly100, Array(PATHS_PER_REQUEST + 1).fill(window)),
    ).rejects.toThrow(RangeError);
    expect(activity.some((entry) => entry.service === "telemetry")).toBe(false);
  });
});
