import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { setUpSandbox } from "@/test-support/sandbox";
import { GET as offersRoute } from "@/app/api/vehicles/[tokenId]/offers/route";
import { requestInstantOfferAction } from "@/lib/actions/valuation";
import { listActivity } from "@/lib/dimo/activity";
import { listTripsPage } from "./trips";
import { getValuation, listOffers } from "./valuation";
import { getVehicleAccess, listSharedVehicles, loadVehicleForPage } from "./vehicles";

/** The guarded reads and the value page's action against the sandbox, through the app's own process-wide client. */

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
type Loose = Parameters<typeof listTripsPage>[0];
const loose = (value: Record<string, unknown>) => value as unknown as Loose;

describe("invalid input", () => {
  const cases: Array<[string, () => Promise<unknown>, string]> = [
    ["tokenId abc", () => listTripsPage(loose({ tokenId: "abc", page: 1 })), "tokenId must be a positive whole number"],
    ["tokenId -1", () => getVehicleAccess(loose({ tokenId: -1 })), "tokenId must be a positive whole number"],
    ["tokenId 1e999", () => getValuation(loose({ tokenId: "1e999" })), "tokenId must be a positive whole number"],
    [
      "tokenId 1e999 as a number",
      () => listOffers(loose({ tokenId: 1e999 })),
      "tokenId must be a positive whole number",
    ],
    [
      "tokenId 1.5",
      () => requestInstantOfferAction(loose({ tokenId: 1.5 })),
      "tokenId must be a positive whole number",
    ],
    ["tokenId 0", () => getVehicleAccess(loose({ tokenId: 0 })), "tokenId must be a positive whole number"],
    ["page 0", () => listTripsPage(loose({ tokenId: 21957, page: 0 })), "page must be a positive whole number"],
    ["page x", () => listTripsPage(loose({ tokenId: 21957, page: "x" })), "page must be a positive whole number"],
    [
      "tokenId 2147483648",
      () => getVehicleAccess(loose({ tokenId: "2147483648" })),
      "tokenId must be at most 2147483647",
    ],
    [
      "tokenId 2147483648 as a number",
      () => listOffers(loose({ tokenId: 2_147_483_648 })),
      "tokenId must be at most 2147483647",
    ],
    [
      "page 2147483648",
      () => listTripsPage(loose({ tokenId: 21957, page: "2147483648" })),
      "page must be at most 2147483647",
    ],
    [
      "no input",
      () => listTripsPage(undefined as unknown as Loose),
      "the input must be an object with a tokenId and a page",
    ],
  ];
  for (const [name, call, message] of cases) {
    it(`refuses ${name} before any upstream call`, async () => {
      expect(await call()).toEqual({ ok: false, error: { code: "INVALID_INPUT", message, retryable: false } });
      expect((await control.stats()).total).toBe(0);
    });
  }

  it("answers a malformed id in a route's URL with 400 and the words, before any upstream call", async () => {
    const response = await offersRoute(new Request("http://localhost:3000/api/vehicles/1e999/offers"), {
      params: Promise.resolve({ tokenId: "1e999" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "INVALID_INPUT", message: "tokenId must be a positive whole number", retryable: false },
    });
    expect((await control.stats()).total).toBe(0);
  });

  it("answers a token id past 32 bits in a route's URL with 400 and the words, before any upstream call", async () => {
    const response = await offersRoute(new Request("http://localhost:3000/api/vehicles/2147483648/offers"), {
      params: Promise.resolve({ tokenId: "2147483648" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "INVALID_INPUT", message: "tokenId must be at most 2147483647", retryable: false },
    });
    expect((await control.stats()).total).toBe(0);
  });

  it("sends a vehicle page for a token id past 32 bits to the not-found page, before any upstream call", async () => {
    const thrown = await loadVehicleForPage("2147483648").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as { digest?: unknown } | undefined)?.digest).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect((await control.stats()).total).toBe(0);
  });
});

describe("signed in", () => {
  it("lists the shared vehicles and tells a shared vehicle from one not shared, as DIMO's identity API names them", async () => {
    const list = await listSharedVehicles();
    if (!list.ok) throw new Error(list.error.message);
    expect(list.data.length).toBeGreaterThanOrEqual(10);
    expect(list.data.every((vehicle) => vehicle.grant !== null)).toBe(true);
    expect(list.data.map((vehicle) => vehicle.tokenId)).not.toContain(9001);
    const vehicle = await getVehicleAccess({ tokenId: 21957 });
    expect(vehicle).toMatchObject({ ok: true, data: { status: "shared", vehicle: { tokenId: 21957 } } });
    expect(await getVehicleAccess({ tokenId: 9001 })).toEqual({ ok: true, data: { status: "none" } });
    expect(await getVehicleAccess({ tokenId: 987654321 })).toEqual({ ok: true, data: { status: "none" } });
    // The sandbox's 10420 had a grant of every privilege that ended 30 days ago; like DIMO's, its identity API then
    // names no grant at all.
    expect(await getVehicleAccess({ tokenId: 10420 })).toEqual({ ok: true, data: { status: "none" } });
  });

  it("returns a failed identity lookup as words naming the service and status, with the call, not as a throw", async () => {
    await control.injectFault({
      method: "POST",
      path: "/identity/query",
      status: 500,
      body: { message: "injected" },
      times: 1,
    });
    // A vehicle no earlier test looked up (and not in the list of shared ones), so no kept grant answers for DIMO.
    const result = await getVehicleAccess({ tokenId: 8777 });
    if (result.ok) throw new Error("the injected identity fault was not met");
    expect(result.error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false, callId: expect.any(String) });
    expect(result.error.message).toMatch(/^DIMO's identity service failed while answering \(500\)\./);
    expect(result.error.message).not.toMatch(/try again/i);
  });

  it("lists trips, accepting numbers given as strings", async () => {
    const result = await listTripsPage(loose({ tokenId: "18234", page: "1" }));
    expect(result).toMatchObject({ ok: true, data: { currentPage: 1, totalPages: 1 } });
    expect(result.ok && result.data.trips).toHaveLength(100);
  });

  it("returns a missing privilege as words for people", async () => {
    expect(await listTripsPage({ tokenId: 20311, page: 1 })).toEqual({
      ok: false,
      error: {
        code: "PRIVILEGE_MISSING",
        message:
          "This vehicle's grant does not include Location history (privilege 4), which trips need. Ask the owner to share it.",
        retryable: false,
      },
    });
  });

  it("requests instant offers and lists them, and gets the valuation", async () => {
    expect(await requestInstantOfferAction({ tokenId: 19876 })).toMatchObject({
      ok: true,
      data: { status: "succeeded", error: null },
    });
    const offers = await listOffers({ tokenId: 19876 });
    expect(offers.ok && offers.data.sets.length).toBe(1);
    expect(offers.ok && offers.data.request).toMatchObject({ status: "succeeded", error: null });
    // The route the page polls answers the same, as JSON.
    const response = await offersRoute(new Request("http://localhost:3000/api/vehicles/19876/offers"), {
      params: Promise.resolve({ tokenId: "19876" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual(offers.ok ? offers.data : null);
    expect(await getValuation({ tokenId: 19876 })).toMatchObject({ ok: true });
  });

  it("returns an upstream outage as a retryable error in words", async () => {
    await control.injectFault({ method: "GET", path: "/trips/v1/vehicle/*/trips", status: 503, times: 3 });
    const result = await listTripsPage({ tokenId: 21957, page: 2 });
    expect(result).toEqual({
      ok: false,
      error: {
        code: "UNAVAILABLE",
        message: "DIMO's trips service is not answering (503). Try again in a moment.",
        retryable: true,
        callId: expect.any(String) as string,
      },
    });
    // The error names the logged call that failed, so a page can link to it.
    const failed = listActivity().find((entry) => !result.ok && entry.id === result.error.callId);
    expect(failed).toMatchObject({
      service: "trips",
      status: 503,
      attempts: 3,
      path: "/v1/vehicle/21957/trips?page=2",
    });
  });
});
