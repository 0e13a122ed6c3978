import { describe, expect, it } from "vitest";
import { energyLog, powertrainOf } from "./energy";
import { distanceMiles, type LatLon, metersToMiles } from "./geo";
import { METROS } from "./metros";
import { createPrng } from "./prng";
import { planRoute } from "./route";
import { streetNetwork } from "./streets";
import { generateTrips, tripRoute } from "./trip-generator";
import { SEED_VEHICLES, VEHICLE_IDS } from "./vehicles";

const ANCHOR = Date.UTC(2026, 0, 15, 12);
const vegas = streetNetwork(METROS.lasVegas);
const start: LatLon = { latitude: 36.171234, longitude: -115.201111 };
const end: LatLon = { latitude: 36.112345, longitude: -115.139876 };

function samples(plan: ReturnType<typeof planRoute>, every = 1) {
  const out = [];
  for (let t = 0; t <= plan.durationSeconds; t += every) out.push(plan.at(t));
  return out;
}

describe("the street network", () => {
  it("is the same on every call, with blocks of a plausible size and arterials every few lines", () => {
    expect(streetNetwork(METROS.lasVegas).node({ i: 3, j: -7 })).toEqual(vegas.node({ i: 3, j: -7 }));
    expect(vegas.spacing).toBeGreaterThan(100);
    expect(vegas.spacing).toBeLessThan(180);
    expect(vegas.arterialKmh).toBeGreaterThan(vegas.localKmh + 10);
    const a = vegas.node({ i: 0, j: 0 });
    const b = vegas.node({ i: 1, j: 0 });
    const block = Math.hypot(b.x - a.x, b.y - a.y);
    expect(block / vegas.spacing).toBeGreaterThan(0.6);
    expect(block / vegas.spacing).toBeLessThan(1.4);
  });

  it("is not a ruled grid: local junctions sit off the straight lines", () => {
    const offsets = [];
    for (let j = 1; j < 5; j++) {
      const n = vegas.node({ i: 2, j });
      const m = vegas.node({ i: 2, j: 0 });
      offsets.push(Math.abs(n.x - m.x));
    }
    expect(new Set(offsets.map((o) => o.toFixed(2))).size).toBeGreaterThan(2);
  });
});

describe("a trip's route", () => {
  const plan = planRoute(vegas, start, end, createPrng("route-test"));

  it("begins and ends exactly at the trip's start and end, and follows streets, not the straight line", () => {
    expect(plan.points[0]).toBe(start);
    expect(plan.points[plan.points.length - 1]).toBe(end);
    expect(plan.at(0).point).toEqual(start);
    expect(plan.at(plan.durationSeconds).point).toEqual(end);
    const straight = distanceMiles(start, end);
    expect(metersToMiles(plan.lengthMetres)).toBeGreaterThan(straight * 1.1);
    expect(metersToMiles(plan.lengthMetres)).toBeLessThan(straight * 1.8);
    expect(plan.points.length).toBeGreaterThan(20);
  });

  it("is driven at plausible speeds, faster on arterials, with stops on the way", () => {
    const states = samples(plan);
    const speeds = states.map((s) => s.speed * 3.6);
    expect(speeds[0]).toBe(0);
    expect(Math.max(...speeds)).toBeGreaterThan(vegas.localKmh * 1.15);
    expect(Math.max(...speeds)).toBeLessThanOrEqual(vegas.arterialKmh * 1.1 + 1e-9);
    // Stopped somewhere between setting off and arriving: a light or a stop sign.
    const moving = states.findIndex((s) => s.speed > 1);
    const lastMoving = states.length - 1 - [...states].reverse().findIndex((s) => s.speed > 1);
    expect(states.slice(moving, lastMoving).some((s) => s.speed === 0)).toBe(true);
    // Distance only grows, never faster than the speed allows (within a second the speed may peak above both ends by
    // what a second of acceleration adds).
    states.forEach((s, i) => {
      const previous = states[i - 1];
      if (previous) {
        expect(s.distance).toBeGreaterThanOrEqual(previous.distance);
        expect(s.distance - previous.distance).toBeLessThanOrEqual(Math.max(s.speed, previous.speed) + 2.2);
      }
      expect(s.heading).toBeGreaterThanOrEqual(0);
      expect(s.heading).toBeLessThan(360);
    });
    const averageKmh = (plan.lengthMetres / plan.durationSeconds) * 3.6;
    expect(averageKmh).toBeGreaterThan(12);
    expect(averageKmh).toBeLessThan(60);
  });

  it("is the same every time for the same trip", () => {
    const again = planRoute(vegas, start, end, createPrng("route-test"));
    expect(again.points).toEqual(plan.points);
    expect(again.durationSeconds).toBe(plan.durationSeconds);
  });
});

describe("the seeded trips and their energy", () => {
  const tesla = SEED_VEHICLES.find((v) => v.tokenId === VEHICLE_IDS.manyTrips);
  if (!tesla) throw new Error("no Tesla");
  const trips = generateTrips(tesla, ANCHOR);
  const log = energyLog(tesla, trips);

  it("take as long and as far as their routes", () => {
    for (const trip of trips.slice(-50)) {
      const plan = tripRoute(tesla.tokenId, METROS.lasVegas, trip.seq, trip.routeStart, trip.routeEnd);
      expect(trip.endMicros - trip.startMicros).toBe(Math.round(plan.durationSeconds * 1e6));
      expect(trip.roadMetres).toBe(plan.lengthMetres);
      if (trip.start) expect(trip.start).toEqual(trip.routeStart);
      if (trip.end) expect(trip.end).toEqual(trip.routeEnd);
    }
  });

  it("keep the odometer rising by at least each trip's length, and the battery between reserve and full, with charges", () => {
    let charges = 0;
    log.forEach((entry, i) => {
      const next = log[i + 1];
      const trip = trips[i];
      if (!next || !trip) return;
      expect(next.odometerKm - entry.odometerKm).toBeGreaterThanOrEqual(trip.roadMetres / 1000 - 1e-9);
      expect(entry.levelPercent).toBeGreaterThanOrEqual(2);
      expect(entry.levelPercent).toBeLessThanOrEqual(100);
      const arrival = entry.levelPercent - (trip.roadMetres / 1000) * powertrainOf(tesla.model).percentPerKm;
      if (next.levelPercent > arrival + 1) charges++;
    });
    expect(charges).toBeGreaterThan(20);
  });
});
