import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as eventsRoute } from "@/app/api/vehicles/[tokenId]/trips/events/route";
import { type DashboardSession } from "@/lib/auth/session";
import type { DrivingEvents } from "@/lib/models";
import { seededTripsWithEvents } from "@/test-support/sandbox-telemetry";
import { EVENT_NAMES, type TripWithEvents } from "@/sandbox/telemetry/events";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { count } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";

/** The trips page's driving events: the route, through the app's own client, against the sandbox's Telemetry API. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const TESLA = VEHICLE_IDS.manyTrips;
const suite = setUpSandbox({ pointApp: true });
const iso = (micros: number) => new Date(micros / 1000).toISOString();

async function get(tokenId: number, search: Record<string, string>) {
  const request = new Request(
    `http://localhost:3000/api/vehicles/${tokenId}/trips/events?${new URLSearchParams(search)}`,
  );
  const response = await eventsRoute(request, { params: Promise.resolve({ tokenId: String(tokenId) }) });
  return { status: response.status, body: (await response.json()) as DrivingEvents & { error?: { message: string } } };
}

let trip: TripWithEvents;
beforeAll(async () => {
  // A standing clock: the trip found below is a function of the seed and this moment.
  const clock = await suite.control.freezeClock(true);
  const found = seededTripsWithEvents(
    suite.sandbox.dataDir,
    TESLA,
    EVENT_NAMES.harshBraking,
    2,
    Date.parse(clock.now) * 1000,
  );
  trip = found[0] as TripWithEvents;
});
beforeEach(async () => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  await suite.control.resetStats();
});

describe("the trips page's driving events", () => {
  it("answers a trip's events in one Telemetry API request, as the sandbox derived them", async () => {
    expect(trip).toBeDefined();
    const { status, body } = await get(TESLA, { from: iso(trip.startUs), to: iso(trip.endUs + 1_000_000) });
    expect(status).toBe(200);
    const brakings = body.events.filter((event) => event.name === EVENT_NAMES.harshBraking);
    expect(brakings).toHaveLength(2);
    expect(body.events).toHaveLength(Object.values(trip.counts).reduce((sum, n) => sum + (n ?? 0), 0));
    expect(count(await suite.control.stats(), "/telemetry/query")).toBe(1);
  });

  it("says which privilege is missing, without asking DIMO, for a grant of location history alone", async () => {
    const { status, body } = await get(VEHICLE_IDS.noValuationPrivilege, {
      from: iso(trip.startUs),
      to: iso(trip.endUs),
    });
    expect(status).toBe(403);
    expect(body.error?.message).toMatch(/privilege 1/);
    expect(count(await suite.control.stats(), "/telemetry/query")).toBe(0);
  });

  it("refuses a backwards or over-long span before any request", async () => {
    const backwards = await get(TESLA, { from: "2026-11-02T00:00:00Z", to: "2026-11-01T00:00:00Z" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.message).toBe("from must be before to");
    const long = await get(TESLA, { from: "2024-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z" });
    expect(long.body.error?.message).toBe("from and to must be at most 366 days apart");
    const missing = await get(TESLA, {});
    expect(missing.body.error?.message).toMatch(/from must be a date and time/);
    expect(count(await suite.control.stats(), "/telemetry/query")).toBe(0);
  });

  it("takes a span of more than nothing and at most 366 days, and refuses one a millisecond past either", async () => {
    // A grant without privilege 1 is refused after the input is taken and before any request: 403 means taken.
    const vehicle = VEHICLE_IDS.noValuationPrivilege;
    const from = "2025-01-01T00:00:00.000Z";
    const status = async (to: string) => (await get(vehicle, { from, to })).status;
    expect(await status("2025-01-01T00:00:00.001Z")).toBe(403);
    expect(await status(from)).toBe(400);
    expect(await status("2026-01-02T00:00:00.000Z")).toBe(403);
    expect(await status("2026-01-02T00:00:00.001Z")).toBe(400);
    expect(count(await suite.control.stats(), "/telemetry/query")).toBe(0);
  });
});
