import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { count } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { getLatestTelemetry, getSignalHistory, getVehicleVin, listSegmentsPage } from "./telemetry";
import { listTripsPage } from "./trips";

/** The telemetry reads against the sandbox's Telemetry API, through the app's own process-wide client. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
const TESLA = VEHICLE_IDS.manyTrips;

const suite = setUpSandbox({ pointApp: true });
beforeEach(async () => {
  auth.session = SIGNED_IN;
  await suite.control.resetStats();
});

function data<T>(result: { ok: true; data: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

const telemetryCalls = async () => count(await suite.control.stats(), "/telemetry/query");

describe("telemetry reads", () => {
  it("reads a fully granted vehicle's latest signals, available signals and summary in one request", async () => {
    const latest = data(await getLatestTelemetry({ tokenId: TESLA }));
    expect(await telemetryCalls()).toBe(1);
    expect(latest.refused).toEqual([]);
    expect(latest.lastSeen).not.toBeNull();
    const names = latest.signals.map((signal) => signal.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "speed",
        "powertrainTransmissionTravelledDistance",
        "currentLocationCoordinates",
        "isIgnitionOn",
      ]),
    );
    // The approximate location is derived from the location, not a signal the service stores and lists.
    expect(latest.availableSignals).toEqual(
      expect.arrayContaining(names.filter((name) => name !== "currentLocationApproximateCoordinates")),
    );
    expect(latest.summary?.numberOfSignals).toBeGreaterThan(0);
  });

  it("reads a grant of location history alone: its location, and no other signal asked for or refused", async () => {
    const latest = data(await getLatestTelemetry({ tokenId: VEHICLE_IDS.noValuationPrivilege }));
    expect(latest.signals.map((signal) => signal.name).sort()).toEqual(
      expect.arrayContaining(["currentLocationApproximateCoordinates", "currentLocationCoordinates"]),
    );
    expect(latest.signals.every((signal) => signal.name.startsWith("currentLocation"))).toBe(true);
    expect(latest.refused).toEqual([]);
  });

  it("refuses the VIN and segments of grants without them, with no Telemetry API call", async () => {
    expect(await getVehicleVin({ tokenId: VEHICLE_IDS.noValuationPrivilege })).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: "PRIVILEGE_MISSING",
        message: expect.stringContaining("VIN credential (privilege 5)"),
      }),
    });
    expect(await listSegmentsPage({ tokenId: VEHICLE_IDS.noTripsPrivilege })).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: "PRIVILEGE_MISSING",
        message: expect.stringContaining("Location history (privilege 4)"),
      }),
    });
    expect(await telemetryCalls()).toBe(0);
  });

  it("reads a vehicle that has never driven, and finds no segments for it", async () => {
    const latest = data(await getLatestTelemetry({ tokenId: VEHICLE_IDS.noTrips }));
    expect(latest.refused).toEqual([]);
    expect(latest.summary).not.toBeNull();
    expect(data(await listSegmentsPage({ tokenId: VEHICLE_IDS.noTrips }))).toEqual({ segments: [], nextAfter: null });
  });

  it("reads the VIN credential", async () => {
    const vin = data(await getVehicleVin({ tokenId: TESLA }));
    expect(vin?.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
  });

  it("reads the last 24 hours of speed, to the moment of the call, at 5-minute buckets, oldest first", async () => {
    const before = Date.now();
    const history = data(await getSignalHistory({ tokenId: TESLA, signal: "speed", window: "24h" }));
    const after = Date.now();
    expect(history).toMatchObject({ signal: "speed", aggregation: "MAX", interval: "5m" });
    const [from, to] = [Date.parse(history.from), Date.parse(history.to)];
    expect(to).toBeGreaterThanOrEqual(before);
    expect(to).toBeLessThanOrEqual(after);
    expect(to - from).toBe(24 * 3_600_000);
    const times = history.points.map((point) => Date.parse(point.timestamp));
    expect(times.length).toBeGreaterThan(0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // A bucket is stamped with its start, which may be up to one bucket before the window's.
    expect(times.every((time) => time >= from - 300_000 && time <= to)).toBe(true);
  });

  it("reads 7 and 30 days at their own buckets, each ending at the moment of the call", async () => {
    for (const [window, days, interval] of [
      ["7d", 7, "1h"],
      ["30d", 30, "6h"],
    ] as const) {
      const before = Date.now();
      const history = data(await getSignalHistory({ tokenId: TESLA, signal: "speed", window }));
      const [from, to] = [Date.parse(history.from), Date.parse(history.to)];
      expect(history.interval, window).toBe(interval);
      expect(to, window).toBeGreaterThanOrEqual(before);
      expect(to - from, window).toBe(days * 24 * 3_600_000);
    }
  });

  it("refuses a signal that is not numeric and a window it does not offer, before any upstream call", async () => {
    expect(
      await getSignalHistory({ tokenId: TESLA, signal: "currentLocationCoordinates", window: "24h" }),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: "signal must be the name of a numeric signal" },
    });
    expect(await getSignalHistory({ tokenId: TESLA, signal: "speed", window: "1y" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: "window must be one of 24h, 7d, 30d" },
    });
    expect(await listSegmentsPage({ tokenId: TESLA, after: "yesterday" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
    expect((await suite.control.stats()).total).toBe(0);
  });

  it("pages segments of the last 30 days by their start, and they are the Trips API's trips", async () => {
    const windowStart = Date.now() - 30 * 86_400_000;
    const segments = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const result = data(await listSegmentsPage({ tokenId: TESLA, ...(after ? { after } : {}) }));
      segments.push(...result.segments);
      if (result.nextAfter === null) break;
      after = result.nextAfter;
    }
    const starts = segments.map((segment) => Date.parse(segment.start.time));
    expect(new Set(starts).size).toBe(starts.length);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // Only a trip under way at the window's start may start before it, and it says so.
    const early = segments.filter((segment) => Date.parse(segment.start.time) < windowStart);
    expect(early.every((segment) => segment.startedBeforeRange)).toBe(true);

    const cutoff = Date.now() - 30 * 86_400_000 + 60_000;
    const trips = [];
    for (let page = 1; page < 10; page += 1) {
      const result = data(await listTripsPage({ tokenId: TESLA, page }));
      trips.push(...result.trips);
      if (page >= result.totalPages || result.trips.some((trip) => Date.parse(trip.start.time) <= cutoff)) break;
    }
    const expected = trips
      .filter((trip) => Date.parse(trip.start.time) > cutoff)
      .map((trip) => [Date.parse(trip.start.time), Date.parse(trip.end.time)])
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    expect(expected.length).toBeGreaterThan(0);
    const got = segments
      .filter((segment) => Date.parse(segment.start.time) > cutoff)
      .map((segment) => [Date.parse(segment.start.time), Date.parse(segment.end?.time ?? "")]);
    expect(got).toEqual(expected);
  });
});
