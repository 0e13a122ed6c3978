import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { listActivity } from "@/lib/dimo/activity";
import { tokenFingerprint } from "@/lib/dimo/token-copies";
import { count, ROUTES } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { GET as tokensRoute } from "@/app/api/developer/tokens/route";
import { type TokenOverview } from "@/lib/models";
import { copyTokenAction, refreshDeveloperTokenAction, refreshVehicleTokenAction } from "./developer";
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
    for (const input of [
      { kind: "api-key" },
      { kind: "vehicle" },
      { kind: "vehicle", tokenId: -1 },
      { kind: "developer", tokenId: 7 },
      null,
      "developer",
    ]) {
      const result = await copyTokenAction(loose(input));
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: "INVALID_INPUT" }) });
    }
    expect((await control.stats()).total).toBe(0);
  });

  it("returns exactly the named token: the one the pages use, and logs no token", async () => {
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
    // One audit line per copy, naming the token by its fingerprint only.
    const audit = logged.slice(logLines).map((line) => line.join(" "));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toContain(tokenFingerprint(vehicle.data.token));
    expect(JSON.stringify(logged)).not.toContain(vehicle.data.token);
    expect(JSON.stringify(logged)).not.toContain(developer.data.token);
  });

  it("records each copy in the activity log: who, which token, when; never the token", async () => {
    const before = Date.now();
    const copied = await copyTokenAction({ kind: "developer" });
    if (!copied.ok) throw new Error("copy failed");
    const entry = listActivity().at(-1);
    expect(entry).toMatchObject({
      method: "COPY",
      tokenKind: "developer",
      copiedBy: SIGNED_IN.address,
      tokenFingerprint: tokenFingerprint(copied.data.token),
    });
    expect(Date.parse(entry?.at ?? "")).toBeGreaterThanOrEqual(before - 1_000);
    expect(JSON.stringify(listActivity())).not.toContain(copied.data.token);
  });

  it("refuses an admin, with words that say why, fetching and recording nothing", async () => {
    auth.session = { address: "0x2222222222222222222222222222222222222222", role: "admin" };
    const entries = listActivity().length;
    for (const input of [{ kind: "developer" as const }, { kind: "vehicle" as const, tokenId: 21957 }]) {
      const result = await copyTokenAction(input);
      expect(result).toEqual({
        ok: false,
        error: expect.objectContaining({ code: "FORBIDDEN", message: expect.stringMatching(/license owner/) }),
      });
    }
    expect((await control.stats()).total).toBe(0);
    expect(listActivity().length).toBe(entries);
  });

  it("a vehicle that is not shared gets a message, not a token", async () => {
    const result = await copyTokenAction({ kind: "vehicle", tokenId: 9001 });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: "VEHICLE_NOT_SHARED" }) });
  });
});

describe("the token inspector", () => {
  it("reads the claims through its GET route, never a raw token, and refuses a caller without a session", async () => {
    await listTripsPage({ tokenId: 18234, page: 1 });
    const response = await tokensRoute();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.text();
    const overview = JSON.parse(body) as TokenOverview;
    expect(overview.developer).toMatchObject({ aud: DEMO_LICENSE.clientId, ethereumAddress: DEMO_LICENSE.clientId });
    expect(overview.vehicles.map((v) => v.tokenId)).toContain(18234);
    expect(body).not.toMatch(/eyJ/);

    auth.session = null;
    const refused = await tokensRoute();
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toMatch(/eyJ/);
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
