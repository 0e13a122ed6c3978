import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { setUpSandbox } from "@/lib/dimo/testing/sandbox-harness";
import { listTripsAction } from "./trips";
import { getValuationAction, listOffersAction, requestInstantOfferAction } from "./valuation";
import { getVehicleAction, listVehiclesAction } from "./vehicles";

/** The server actions against the sandbox, through the app's own process-wide client. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };

// The app's client reads its configuration on first use, which comes after the sandbox starts.
const { control } = setUpSandbox({ pointApp: true });
beforeEach(async () => {
  auth.session = SIGNED_IN;
  await control.resetStats();
});

// Loose input on purpose: these are what a browser can send to a public endpoint.
type Loose = Parameters<typeof listTripsAction>[0];
const loose = (value: Record<string, unknown>) => value as unknown as Loose;

const everyAction: Array<[string, () => Promise<unknown>]> = [
  ["listVehiclesAction", () => listVehiclesAction({})],
  ["getVehicleAction", () => getVehicleAction({ tokenId: 21957 })],
  ["listTripsAction", () => listTripsAction({ tokenId: 21957, page: 1 })],
  ["getValuationAction", () => getValuationAction({ tokenId: 21957 })],
  ["listOffersAction", () => listOffersAction({ tokenId: 21957 })],
  ["requestInstantOfferAction", () => requestInstantOfferAction({ tokenId: 21957 })],
];

describe("without a session", () => {
  for (const [name, call] of everyAction) {
    it(`${name} refuses with no upstream call`, async () => {
      auth.session = null;
      expect(await call()).toEqual({ ok: false, error: expect.objectContaining({ code: "UNAUTHENTICATED" }) });
      expect((await control.stats()).total).toBe(0);
    });
  }
});

describe("invalid input", () => {
  const cases: Array<[string, () => Promise<unknown>, string]> = [
    ["tokenId abc", () => listTripsAction(loose({ tokenId: "abc", page: 1 })), "tokenId must be a positive whole number"],
    ["tokenId -1", () => getVehicleAction(loose({ tokenId: -1 })), "tokenId must be a positive whole number"],
    ["tokenId 1e999", () => getValuationAction(loose({ tokenId: "1e999" })), "tokenId must be a positive whole number"],
    ["tokenId 1e999 as a number", () => listOffersAction(loose({ tokenId: 1e999 })), "tokenId must be a positive whole number"],
    ["tokenId 1.5", () => requestInstantOfferAction(loose({ tokenId: 1.5 })), "tokenId must be a positive whole number"],
    ["tokenId 0", () => getVehicleAction(loose({ tokenId: 0 })), "tokenId must be a positive whole number"],
    ["page 0", () => listTripsAction(loose({ tokenId: 21957, page: 0 })), "page must be a positive whole number"],
    ["page x", () => listTripsAction(loose({ tokenId: 21957, page: "x" })), "page must be a positive whole number"],
    ["no input", () => listTripsAction(undefined as unknown as Loose), "the input must be an object with a tokenId and a page"],
  ];
  for (const [name, call, message] of cases) {
    it(`refuses ${name} before any upstream call`, async () => {
      expect(await call()).toEqual({ ok: false, error: { code: "INVALID_INPUT", message, retryable: false } });
      expect((await control.stats()).total).toBe(0);
    });
  }
});

describe("signed in", () => {
  it("lists vehicles and gets one, null when not shared", async () => {
    const list = await listVehiclesAction({ first: 10 });
    expect(list.ok && list.data.vehicles.length).toBe(10);
    const vehicle = await getVehicleAction({ tokenId: 21957 });
    expect(vehicle).toMatchObject({ ok: true, data: { tokenId: 21957 } });
    expect(await getVehicleAction({ tokenId: 9001 })).toEqual({ ok: true, data: null });
  });

  it("lists trips, accepting numbers given as strings", async () => {
    const result = await listTripsAction(loose({ tokenId: "18234", page: "1" }));
    expect(result).toMatchObject({ ok: true, data: { currentPage: 1, totalPages: 1 } });
    expect(result.ok && result.data.trips).toHaveLength(100);
  });

  it("returns a missing privilege as words for people", async () => {
    expect(await listTripsAction({ tokenId: 20311, page: 1 })).toEqual({
      ok: false,
      error: {
        code: "PRIVILEGE_MISSING",
        message: "This vehicle's grant does not include Location history (privilege 4), which trips need. Ask the owner to share it.",
        retryable: false,
      },
    });
  });

  it("requests instant offers and lists them, and gets the valuation", async () => {
    expect(await requestInstantOfferAction({ tokenId: 19876 })).toMatchObject({ ok: true, data: { message: expect.any(String) } });
    const offers = await listOffersAction({ tokenId: 19876 });
    expect(offers.ok && offers.data.length).toBe(1);
    expect(await getValuationAction({ tokenId: 19876 })).toMatchObject({ ok: true });
  });

  it("returns an upstream outage as a retryable error in words", async () => {
    await control.injectFault({ method: "GET", path: "/trips/v1/vehicle/*/trips", status: 503, times: 3 });
    expect(await listTripsAction({ tokenId: 21957, page: 2 })).toEqual({
      ok: false,
      error: { code: "UNAVAILABLE", message: "DIMO's trips service is not answering (503). Try again in a moment.", retryable: true },
    });
  });
});
