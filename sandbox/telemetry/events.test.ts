import { describe, expect, it } from "vitest";
import { METROS } from "../seed/metros";
import { SEED_VEHICLES } from "../seed/vehicles";
import { tripRoute } from "../seed/trip-generator";
import { type DriveRecord } from "../store/drive-store";
import { EVENT_NAMES, planEvents, tripStyle } from "./events";

/** Drives made up for the test: a trip's events depend only on its vehicle, its seed and its route. */
const vehicle = SEED_VEHICLES.find((v) => v.tokenId === 21957) ?? (SEED_VEHICLES[0] as (typeof SEED_VEHICLES)[0]);
const metro = METROS[vehicle.metro];
const START_US = Date.UTC(2026, 0, 5, 8) * 1000;

function drive(seq: number): DriveRecord {
  const start = { latitude: metro.center.latitude, longitude: metro.center.longitude };
  const end = { latitude: metro.center.latitude + 0.03, longitude: metro.center.longitude + 0.04 };
  return { startUs: START_US, endUs: START_US + 25 * 60e6, seq, start, end, odometerKm: 1000, levelPercent: 80 };
}

const eventsOf = (seq: number) => {
  const d = drive(seq);
  return planEvents(vehicle.tokenId, d, tripRoute(vehicle.tokenId, metro, seq, d.start, d.end));
};

describe("driving events derived from the simulation", () => {
  it("are the same every time for the same trip", () => {
    for (let seq = 0; seq < 40; seq++) expect(eventsOf(seq)).toEqual(eventsOf(seq));
  });

  it("come only from brisk or aggressive trips, inside the trip, in time order, with the real names", () => {
    let lively = 0;
    for (let seq = 0; seq < 120; seq++) {
      const found = eventsOf(seq);
      if (tripStyle(vehicle.tokenId, seq) === "calm") expect(found).toEqual([]);
      else lively++;
      const d = drive(seq);
      for (const event of found) {
        expect(event.timestamp).toBeGreaterThanOrEqual(d.startUs);
        expect(event.timestamp).toBeLessThan(d.endUs);
        expect(Object.values(EVENT_NAMES)).toContain(event.name);
        expect(event.durationNs).toBeGreaterThan(0);
      }
      const times = found.map((e) => e.timestamp);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    // About a fifth of trips are driven briskly or aggressively.
    expect(lively).toBeGreaterThan(10);
    expect(lively).toBeLessThan(50);
  });

  it("include harsh brakings on some lively trips and none on most", () => {
    const brakings = Array.from({ length: 200 }, (_, seq) =>
      eventsOf(seq).filter((e) => e.name === EVENT_NAMES.harshBraking),
    );
    expect(brakings.filter((b) => b.length > 0).length).toBeGreaterThan(3);
    expect(brakings.filter((b) => b.length === 0).length).toBeGreaterThan(150);
  });
});
