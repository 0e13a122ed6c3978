import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { DimoError } from "@/lib/dimo/errors";
import { privilegesFor } from "@/lib/dimo/privileges";
import type { Feature } from "@/lib/features";
import type { TripsPage, Vehicle } from "@/lib/models";
import { toAllTripsMessage } from "@/lib/geo/all-trips-stream";
import { makeTrip } from "@/test-support/trips";
import type { PrivilegeId } from "@/lib/protocol";
import type * as ProcessWide from "@/lib/process-wide";
import { GET as allTrips } from "./all/route";
import { GET as exportTrips } from "./export/route";

/**
 * The trips route handlers against a fake DIMO client: session and input checks before any DIMO call, the NDJSON
 * stream and the export files page by page, refusals as statuses, and fetching that stops when the client leaves.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const dimo = vi.hoisted(() => ({
  vehicle: null as Vehicle | null,
  trips: 0,
  requestedPages: [] as number[],
  failPage: null as number | null,
  /** What the failing page throws: a 503 by default. */
  failure: null as (() => Error) | null,
  delayMs: 0,
}));

// The grant check is the real one (lib/dimo/privileges.ts); only the DIMO calls are faked.
const fakeClient = {
  assertCanUse: async (tokenId: number, feature: Feature) => {
    privilegesFor(tokenId, dimo.vehicle ? { vehicle: dimo.vehicle, grantExpiredAt: null } : null, feature);
  },
  listTrips: async (_tokenId: number, page: number): Promise<TripsPage> => {
    dimo.requestedPages.push(page);
    if (dimo.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, dimo.delayMs));
    if (page === dimo.failPage) {
      throw (
        dimo.failure?.() ??
        new DimoError({ service: "trips", status: 503, code: "UNAVAILABLE", message: "trips down", retryable: true })
      );
    }
    if (dimo.vehicle?.grant?.privileges.includes(4) !== true) {
      throw new DimoError({
        service: "trips",
        status: null,
        code: "PRIVILEGE_MISSING",
        message: "This vehicle's grant does not include Location history (privilege 4).",
        retryable: false,
      });
    }
    const totalPages = Math.ceil(dimo.trips / 100);
    const count = Math.max(0, Math.min(100, dimo.trips - (page - 1) * 100));
    // Trip n starts n hours after the start of 2024 (a time window picks a known run of them).
    const trips = Array.from({ length: count }, (_, i) => {
      const n = (page - 1) * 100 + i;
      const start = Date.UTC(2024, 0, 1) + n * 3_600_000;
      return makeTrip({
        id: `trip-${n}`,
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 1_200_000).toISOString(),
      });
    });
    return { trips, totalPages, currentPage: page };
  },
};
vi.mock("@/lib/dimo", () => ({ getDimoClient: () => fakeClient }));
// Each walk starts from nothing: these tests are about the streams; the kept history has tests of its own.
vi.mock("@/lib/process-wide", async (importOriginal) => {
  const { LRUCache } = await import("lru-cache");
  return {
    ...(await importOriginal<typeof ProcessWide>()),
    processWide: <T>(_name: string, create: () => T) => create(),
    processWideCache: (_name: string, options: ConstructorParameters<typeof LRUCache>[0]) => new LRUCache(options),
  };
});

const vehicle = (privileges: PrivilegeId[]): Vehicle => ({
  tokenId: 21957,
  tokenDID: null,
  owner: "0x0000000000000000000000000000000000000001",
  mintedAt: null,
  name: null,
  imageURI: null,
  definitionId: null,
  make: "Tesla",
  model: "Model 3",
  year: 2022,
  grant: { privileges, expiresAt: null },
});

const params = (tokenId: string) => ({ params: Promise.resolve({ tokenId }) });
const request = (path: string, signal?: AbortSignal) =>
  new Request(`http://localhost${path}`, signal ? { signal } : {});

beforeEach(() => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  dimo.vehicle = vehicle([1, 4]);
  dimo.trips = 250;
  dimo.requestedPages = [];
  dimo.failPage = null;
  dimo.failure = null;
  dimo.delayMs = 0;
});
afterEach(() => vi.clearAllMocks());

async function ndjson(response: Response) {
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => toAllTripsMessage(JSON.parse(line)));
}

describe("GET /api/vehicles/[tokenId]/trips/all", () => {
  it("refuses without a session, before any DIMO call", async () => {
    auth.session = null;
    const response = await allTrips(request("/api/vehicles/21957/trips/all"), params("21957"));
    expect(response.status).toBe(401);
    expect(dimo.requestedPages).toEqual([]);
  });

  it("refuses a token id that is not a positive whole number, before any DIMO call", async () => {
    for (const bad of ["abc", "0", "-3", "1.5", "1e3"]) {
      const response = await allTrips(request(`/api/vehicles/${bad}/trips/all`), params(bad));
      expect(response.status).toBe(400);
    }
    expect(dimo.requestedPages).toEqual([]);
  });

  it("answers 404 for a vehicle not shared, 403 for a grant without privilege 4", async () => {
    dimo.vehicle = null;
    expect((await allTrips(request("/x"), params("21957"))).status).toBe(404);
    dimo.vehicle = vehicle([1, 5]);
    const refused = await allTrips(request("/x"), params("21957"));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("PRIVILEGE_MISSING");
    expect(dimo.requestedPages).toEqual([]);
  });

  it("streams the start, every page's start points and the end", async () => {
    const response = await allTrips(request("/x"), params("21957"));
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const messages = await ndjson(response);
    expect(messages[0]).toEqual({ type: "start", totalPages: 3 });
    const pages = messages.filter((m) => m?.type === "page");
    expect(pages.map((m) => (m?.type === "page" ? [m.page, m.trips, m.points.length] : null))).toEqual([
      [1, 100, 200],
      [2, 100, 200],
      [3, 50, 100],
    ]);
    expect(messages.at(-1)).toEqual({ type: "done", pages: 3, trips: 250, truncated: false });
  });

  it("ends with an error message when a page fails midway", async () => {
    dimo.failPage = 2;
    const messages = await ndjson(await allTrips(request("/x"), params("21957")));
    expect(messages.at(-1)).toMatchObject({ type: "error", code: "UNAVAILABLE", retryable: true });
  });

  it("stops asking DIMO for pages once the client goes away", async () => {
    dimo.trips = 100_000;
    dimo.delayMs = 2;
    const controller = new AbortController();
    const response = await allTrips(request("/x", controller.signal), params("21957"));
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    await reader.read();
    controller.abort();
    await reader.cancel();
    const asked = dimo.requestedPages.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // At most the four already in flight finish; nothing new is asked for.
    expect(dimo.requestedPages.length).toBeLessThanOrEqual(asked + 4);
    expect(dimo.requestedPages.length).toBeLessThan(50);
  });
});

describe("GET /api/vehicles/[tokenId]/trips/export", () => {
  it("refuses a bad format or page before any DIMO call", async () => {
    expect((await exportTrips(request("/x?format=xml&page=1"), params("21957"))).status).toBe(400);
    expect((await exportTrips(request("/x?format=csv&page=zero"), params("21957"))).status).toBe(400);
    expect((await exportTrips(request("/x?format=csv&page=0"), params("21957"))).status).toBe(400);
    expect(dimo.requestedPages).toEqual([]);
  });

  it("downloads one page as CSV with a file name", async () => {
    const response = await exportTrips(request("/x?format=csv&page=2"), params("21957"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="vehicle-21957-trips-page-2.csv"');
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(101);
    expect(lines[1]?.startsWith("trip-100,")).toBe(true);
    expect(dimo.requestedPages).toEqual([2]);
  });

  it("downloads every trip as GeoJSON, in order, as one valid document", async () => {
    const response = await exportTrips(request("/x?format=geojson&page=all"), params("21957"));
    expect(response.headers.get("content-type")).toContain("application/geo+json");
    const collection = JSON.parse(await response.text()) as { type: string; features: Array<{ id: string }> };
    expect(collection.type).toBe("FeatureCollection");
    expect(collection.features.map((f) => f.id)).toEqual(Array.from({ length: 250 }, (_, i) => `trip-${i}`));
  });

  it("keeps only the trips that start in the time window, in every page read", async () => {
    const window = "from=2024-01-02T00:00:00Z&to=2024-01-03T00:00:00.000Z";
    const response = await exportTrips(request(`/x?format=geojson&page=all&${window}`), params("21957"));
    expect(response.status).toBe(200);
    const collection = JSON.parse(await response.text()) as { features: Array<{ id: string }> };
    // Hours 24 to 47 of the year: the window's start is in, its end is out.
    expect(collection.features.map((f) => f.id)).toEqual(Array.from({ length: 24 }, (_, i) => `trip-${24 + i}`));
    expect(dimo.requestedPages).toEqual([1, 2, 3]);

    const page = await exportTrips(request(`/x?format=csv&page=1&${window}`), params("21957"));
    expect((await page.text()).trimEnd().split("\r\n")).toHaveLength(1 + 24);
  });

  it("refuses a window that is half given, backwards or not a date, before any DIMO call", async () => {
    for (const query of [
      "from=2024-01-02T00:00:00Z",
      "from=2024-01-03T00:00:00Z&to=2024-01-02T00:00:00Z",
      "from=yesterday&to=2024-01-02T00:00:00Z",
    ]) {
      const response = await exportTrips(request(`/x?format=csv&page=all&${query}`), params("21957"));
      expect(response.status).toBe(400);
    }
    expect(dimo.requestedPages).toEqual([]);
  });

  it("turns a refusal on the first page into a status, and a later failure into a broken download", async () => {
    dimo.vehicle = vehicle([1]);
    const refused = await exportTrips(request("/x?format=csv&page=all"), params("21957"));
    expect(refused.status).toBe(403);

    dimo.vehicle = vehicle([4]);
    dimo.failPage = 3;
    const broken = await exportTrips(request("/x?format=csv&page=all"), params("21957"));
    expect(broken.status).toBe(200);
    await expect(broken.text()).rejects.toThrow();
  });

  it("answers a DIMO failure on the first page with the same words, retry rule and call as a page would show", async () => {
    const failed = (status: number, code: "UPSTREAM_ERROR" | "UNAVAILABLE", retryable: boolean) => () => {
      const error = new DimoError({ service: "trips", status, code, message: `trips answered ${status}`, retryable });
      error.callId = `call-${status}`;
      return error;
    };
    dimo.failPage = 1;
    dimo.failure = failed(500, "UPSTREAM_ERROR", false);
    const broken = await exportTrips(request("/x?format=csv&page=all"), params("21957"));
    expect(broken.status).toBe(502);
    const { error } = (await broken.json()) as {
      error: { code: string; message: string; retryable: boolean; callId?: string };
    };
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false, callId: "call-500" });
    expect(error.message).toMatch(/^DIMO's trips service failed while answering \(500\)\./);
    expect(error.message).not.toMatch(/try again/i);

    dimo.failure = failed(503, "UNAVAILABLE", true);
    const busy = await exportTrips(request("/x?format=geojson&page=1"), params("21957"));
    expect(busy.status).toBe(503);
    expect(await busy.json()).toEqual({
      error: {
        code: "UNAVAILABLE",
        message: "DIMO's trips service is not answering (503). Try again in a moment.",
        retryable: true,
        callId: "call-503",
      },
    });
  });
});
