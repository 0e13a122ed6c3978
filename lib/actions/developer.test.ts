import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { count, ROUTES } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { copyTokenAction, describeTokensAction, refreshDeveloperTokenAction, refreshVehicleTokenAction } from "./developer";
import { listTripsPage } from "@/lib/server/trips";

/** The developer tools' actions against the sandbox, through the app's own process-wide client. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };

const { control } = setUpSandbox({ pointApp: true });
const logged: unknown[][] = [];

beforeAll(() => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args));
  }
});
afterAll(() => {
  vi.restoreAllMocks();
});
beforeEach(async () => {
  auth.session = SIGNED_IN;
  await control.resetStats();
});

type Loose = Parameters<typeof copyTokenAction>[0];
const loose = (value: unknown) => value as Loose;

describe("copyTokenAction", () => {
  it("refuses a token it cannot name, with no upstream call", async () => {
    for (const input of [{ kind: "api-key" }, { kind: "vehicle" }, { kind: "vehicle", tokenId: -1 }, { kind: "developer", tokenId: 7 }, null, "developer"]) {
      const result = await copyTokenAction(loose(input));
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: "INVALID_INPUT" }) });
    }
    expect((await control.stats()).total).toBe(0);
  });

  it("returns exactly the named token: the one the pages use, and logs nothing", async () => {
    await listTripsPage({ tokenId: 21957, page: 1 });
    const logLines = logged.length;
    const vehicle = await copyTokenAction({ kind: "vehicle", tokenId: 21957 });
    const developer = await copyTokenAction({ kind: "developer" });
    if (!vehicle.ok || !developer.ok) throw new Error("copy failed");
    expect(decodeJwt(vehicle.data.token)).toMatchObject({ token_id: "21957", privilege_ids: [1, 4, 5] });
    expect(decodeJwt(developer.data.token)).toMatchObject({ aud: DEMO_LICENSE.clientId });
    // Both were cached by the trips call: copying fetched nothing.
    const stats = await control.stats();
    expect(count(stats, ROUTES.exchange) + count(stats, ROUTES.challenge)).toBe(1 + 1);
    expect(logged.length).toBe(logLines);
    expect(JSON.stringify(logged)).not.toContain(vehicle.data.token);
  });

  it("a vehicle that is not shared gets a message, not a token", async () => {
    const result = await copyTokenAction({ kind: "vehicle", tokenId: 9001 });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: "VEHICLE_NOT_SHARED" }) });
  });
});

describe("token inspector actions", () => {
  it("describeTokensAction shows claims and never a raw token", async () => {
    await listTripsPage({ tokenId: 18234, page: 1 });
    const result = await describeTokensAction();
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data.developer).toMatchObject({ aud: DEMO_LICENSE.clientId, ethereumAddress: DEMO_LICENSE.clientId });
    expect(result.data.vehicles.map((v) => v.tokenId)).toContain(18234);
    expect(JSON.stringify(result)).not.toMatch(/eyJ/);
  });

  it("refreshVehicleTokenAction exchanges a new token; refreshDeveloperTokenAction runs the challenge flow again", async () => {
    await listTripsPage({ tokenId: 21957, page: 1 });
    await control.resetStats();
    const vehicle = await refreshVehicleTokenAction({ tokenId: 21957 });
    expect(vehicle).toEqual({ ok: true, data: expect.objectContaining({ tokenId: 21957, privileges: [1, 4, 5] }) });
    const developer = await refreshDeveloperTokenAction();
    expect(developer).toEqual({ ok: true, data: expect.objectContaining({ aud: DEMO_LICENSE.clientId }) });
    const stats = await control.stats();
    expect(count(stats, ROUTES.exchange)).toBe(1);
    expect(count(stats, ROUTES.challenge)).toBe(1);
    expect(JSON.stringify([vehicle, developer])).not.toMatch(/eyJ/);
  });

  it("refreshVehicleTokenAction refuses a bad id", async () => {
    expect(await refreshVehicleTokenAction({ tokenId: "abc" as unknown as number })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "INVALID_INPUT", message: "tokenId must be a positive whole number" }),
    });
  });
});
