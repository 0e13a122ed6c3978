import { beforeAll, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { setUpSandbox } from "@/test-support/sandbox";
import { confirmLandingAction, saveShareLinkAction } from "@/lib/actions/share-links";
import { getShareLinkSettings } from "./share-links";
import { countVehiclesByLink } from "./share-links-history";
import { readVehicleList } from "./vehicle-list";
import { loadVehicleForPage } from "./vehicles";

/** The vehicle list and a vehicle's pages with the share records, against the sandbox, signed in. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

setUpSandbox({ pointApp: true });
const SHARED = VEHICLE_IDS.manyTrips;
const NEVER_SHARED = VEHICLE_IDS.notGranted;

beforeAll(async () => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  // The link the vehicles come through, kept: only a kept link's name is recorded.
  const settings = await getShareLinkSettings();
  if (!settings.ok) throw new Error(settings.error.message);
  const kept = await saveShareLinkAction({
    name: "Spring",
    redirectUri: settings.data.landingUrl,
    access: { kind: "privileges", privileges: [1] },
    vehicles: [],
    vehicleMakes: [],
    powertrainTypes: [],
    expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    onboarding: [],
  });
  if (!kept.ok) throw new Error(kept.error.message);
  // A confirmed return that reports a shared vehicle DIMO confirms, one it does not, and a revocation.
  const landed = await confirmLandingAction({ vehicles: [SHARED, NEVER_SHARED], revoked: [], utm: "Spring" });
  if (!landed.ok) throw new Error(landed.error.message);
  expect(landed.data.shared.map((vehicle) => vehicle.tokenId)).toEqual([SHARED]);
  expect(landed.data.notListed).toEqual([NEVER_SHARED]);
  const revoked = await confirmLandingAction({ vehicles: [], revoked: [VEHICLE_IDS.expiredGrant], utm: "Spring" });
  if (!revoked.ok) throw new Error(revoked.error.message);
});

describe("the vehicle roster", () => {
  it("names the link that brought a listed vehicle, and lists the revoked one as ended, not the unconfirmed", async () => {
    const roster = await readVehicleList({ search: "" });
    if (!roster.ok) throw new Error(roster.error.message);
    expect(roster.data.shares[SHARED]).toMatchObject({ kind: "shared", link: "Spring" });
    expect(roster.data.rows.some((vehicle) => vehicle.tokenId === SHARED)).toBe(true);
    expect(roster.data.ended.map((grant) => [grant.tokenId, grant.ending])).toEqual([
      [VEHICLE_IDS.expiredGrant, "revoked"],
    ]);
  });

  it("counts the vehicles each link brought, leaving out the revoked and the unconfirmed", async () => {
    expect(await countVehiclesByLink()).toEqual({ ok: true, data: { Spring: 1 } });
  });

  it("is refused without a session", async () => {
    const session = auth.session;
    auth.session = null;
    try {
      expect(await readVehicleList({ search: "" })).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
      expect(await confirmLandingAction({ vehicles: [SHARED], revoked: [], utm: null })).toMatchObject({ ok: false });
    } finally {
      auth.session = session;
    }
  });
});

describe("a vehicle's pages", () => {
  it("explain a grant the dashboard saw end, and stay not found for a vehicle it never saw", async () => {
    expect(await loadVehicleForPage(String(VEHICLE_IDS.expiredGrant))).toMatchObject({
      status: "ended",
      grant: { tokenId: VEHICLE_IDS.expiredGrant, ending: "revoked", link: "Spring" },
    });
    const thrown = await loadVehicleForPage(String(NEVER_SHARED)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as { digest?: unknown } | undefined)?.digest).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });
});
