import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { ATTESTATIONS_PER_VEHICLE_PER_MINUTE, listCredentials } from "@/lib/server/attestation";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { setUpSandbox } from "@/test-support/sandbox";
import { createAttestationAction } from "./attestation";

/** The attestation action and the list's read through the app's own client, against a sandbox: results in words. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const { control } = setUpSandbox({ pointApp: true });
beforeEach(async () => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  await control.resetStats();
});

const VEHICLE = 21957;
/** Privileges 1 and 5 only. */
const NO_LOCATION = 20311;

describe("createAttestationAction", () => {
  it("creates an odometer statement and answers with the service's message", async () => {
    const result = await createAttestationAction({ tokenId: VEHICLE, request: { kind: "odometer" } });
    expect(result).toEqual({
      ok: true,
      data: { kind: "odometer", message: expect.stringMatching(/VC generated/), requestedAt: null },
    });
  });

  it("explains a missing privilege, and sends nothing", async () => {
    const result = await createAttestationAction({ tokenId: NO_LOCATION, request: { kind: "position" } });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "PRIVILEGE_MISSING", retryable: false, message: expect.stringMatching(/privilege 4/) },
    });
    expect(Object.keys((await control.stats()).routes).filter((route) => route.includes("/attestation/"))).toEqual([]);
  });

  it("says what the vehicle did not report, with the call that failed", async () => {
    const request = { kind: "position", timestamp: "2001-01-01T00:00:00Z" } as const;
    const result = await createAttestationAction({ tokenId: VEHICLE, request });
    if (result.ok) throw new Error("a position in 2001 was attested");
    expect(result.error).toMatchObject({ code: "NOT_FOUND", retryable: false, callId: expect.any(String) });
    expect(result.error.message).toMatch(/no location within an hour of 2001-01-01 00:00 UTC/);
  });

  it("refuses a kind it does not know and a health range over 30 days, as input", async () => {
    const unknown = await createAttestationAction({ tokenId: VEHICLE, request: { kind: "tires" } } as never);
    expect(unknown).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: expect.stringMatching(/kind/) },
    });
    const request = { kind: "health", startTime: "2026-01-01T00:00:00Z", endTime: "2026-03-01T00:00:00Z" } as const;
    const long = await createAttestationAction({ tokenId: VEHICLE, request });
    expect(long).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: expect.stringMatching(/30 days/) },
    });
    expect((await control.stats()).total).toBe(0);
  });
});

/** The Attestation API's POSTs the sandbox has served since its counters were last reset. */
async function attestationPosts(): Promise<number> {
  const { routes } = await control.stats();
  return Object.entries(routes)
    .filter(([route]) => route.startsWith("POST ") && route.includes("/attestation/"))
    .reduce((sum, [, count]) => sum + count, 0);
}

describe("the cap on attestations a vehicle may be asked for", () => {
  it("sends at most the cap of twenty distinct requests at once, and refuses the rest in words", async () => {
    // A vehicle no other test here asks about, with every privilege: each request would be a POST of its own.
    const tokenId = VEHICLE_IDS.noTrips;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, minute) =>
        createAttestationAction({
          tokenId,
          request: { kind: "odometer", timestamp: new Date(Date.now() - (minute + 1) * 60_000).toISOString() },
        }),
      ),
    );
    expect(await attestationPosts()).toBeLessThanOrEqual(ATTESTATIONS_PER_VEHICLE_PER_MINUTE);
    const refused = results.flatMap((result) => (result.ok ? [] : [result.error]));
    const limited = refused.filter((error) => error.code === "RATE_LIMITED");
    expect(limited).toHaveLength(20 - ATTESTATIONS_PER_VEHICLE_PER_MINUTE);
    for (const error of limited) {
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/the most it may\. Try again in \d+ seconds?\.$/);
    }
    // Another vehicle is counted apart.
    await control.resetStats();
    expect(await createAttestationAction({ tokenId: VEHICLE, request: { kind: "vin" } })).toMatchObject({ ok: true });
    expect(await attestationPosts()).toBe(1);
  });
});

describe("listCredentials", () => {
  it("answers with the list, or the refusal in the client's own words", async () => {
    const result = await listCredentials({ tokenId: VEHICLE });
    if (result.ok) {
      expect(result.data.limit).toBe(50);
    } else {
      expect(result.error).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/attestation events/) });
    }
  });
});
