import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as activityRoute } from "@/app/api/developer/activity/route";
import { GET as allTripsRoute } from "@/app/api/vehicles/[tokenId]/trips/all/route";
import { GET as exportRoute } from "@/app/api/vehicles/[tokenId]/trips/export/route";
import { GET as pathsRoute } from "@/app/api/vehicles/[tokenId]/trips/paths/route";
import { type DashboardSession } from "@/lib/auth/session";
import { DimoError } from "@/lib/dimo/errors";
import type { TripsPage } from "@/lib/models";
import { makeTrip } from "@/test-support/trips";
import { MAX_LONG_READS_PER_SESSION } from "./long-reads";

/**
 * The cap on one session's long reads (all-trips walks, exports, trip-path streams, the live activity stream) through
 * the routes: the read past the cap is refused in words with a status and Retry-After, and a slot comes back when its
 * read ends, fails, is refused, or the client goes away.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

/** Vehicles of the fake DIMO client: one whose reads never end, one read in a page, one failing on its second page. */
const ENDLESS = 101;
const SHORT = 202;
const FAILING = 303;
const REFUSED = 404;

const upstream = vi.hoisted(() => ({ calls: 0 }));
const never = () => new Promise<never>(() => {});
const page = (tokenId: number, pageNumber: number, totalPages: number): TripsPage => ({
  trips: Array.from({ length: 10 }, (_, i) =>
    makeTrip({
      id: `trip-${tokenId}-${pageNumber}-${i}`,
      startTime: new Date(Date.UTC(2024, 0, 1) - (pageNumber * 10 + i) * 3_600_000).toISOString(),
      endTime: new Date(Date.UTC(2024, 0, 1) - (pageNumber * 10 + i) * 3_600_000 + 600_000).toISOString(),
    }),
  ),
  totalPages,
  currentPage: pageNumber,
});
const unavailable = () =>
  new DimoError({ service: "trips", status: 503, code: "UNAVAILABLE", message: "down", retryable: true });
const fakeClient = {
  assertCanUse: async (tokenId: number) => {
    upstream.calls++;
    if (tokenId === REFUSED)
      throw new DimoError({
        service: "identity",
        status: null,
        code: "VEHICLE_NOT_SHARED",
        message: "not shared",
        retryable: false,
      });
  },
  listTrips: async (tokenId: number, pageNumber: number): Promise<TripsPage> => {
    upstream.calls++;
    if (tokenId === SHORT) return page(tokenId, pageNumber, 1);
    if (tokenId === FAILING && pageNumber > 1) throw unavailable();
    if (pageNumber > 1) return never();
    return page(tokenId, pageNumber, tokenId === FAILING ? 2 : 50);
  },
  getTripPaths: async (tokenId: number, windows: readonly unknown[]) => {
    upstream.calls++;
    if (tokenId === ENDLESS) return never();
    return windows.map(() => ({ ok: false as const, error: unavailable() }));
  },
};
vi.mock("@/lib/dimo", () => ({ getDimoClient: () => fakeClient }));

const REFUSAL = `Too many long reads at once for this session: ${MAX_LONG_READS_PER_SESSION} are running. Wait for one to finish or close a tab.`;

const openRequests: AbortController[] = [];

/** Opens a long read the way a browser tab does, with a connection that `controller.abort()` drops. */
async function open(kind: "all" | "export-all" | "export-page" | "paths" | "activity", tokenId = ENDLESS) {
  const controller = new AbortController();
  openRequests.push(controller);
  const params = { params: Promise.resolve({ tokenId: String(tokenId) }) };
  const url = (path: string) => new Request(`http://localhost${path}`, { signal: controller.signal });
  const base = `/api/vehicles/${tokenId}/trips`;
  const response =
    kind === "all"
      ? await allTripsRoute(url(`${base}/all`), params)
      : kind === "export-all"
        ? await exportRoute(url(`${base}/export?format=csv&page=all`), params)
        : kind === "export-page"
          ? await exportRoute(url(`${base}/export?format=geojson&page=1`), params)
          : kind === "paths"
            ? await pathsRoute(url(`${base}/paths?page=1`), params)
            : await activityRoute(url("/api/developer/activity"));
  return { response, controller };
}

/** Fills the session's slots but `spare` with reads that never end on their own. */
async function fillSlots(spare = 0) {
  const kinds = ["all", "export-all", "paths", "activity"] as const;
  const held = [];
  for (let i = 0; i < MAX_LONG_READS_PER_SESSION - spare; i++) {
    const read = await open(kinds[i % kinds.length] ?? "all");
    expect(read.response.status).toBe(200);
    held.push(read);
  }
  return held;
}

let sessions = 0;
function signIn() {
  sessions++;
  auth.session = {
    address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd",
    role: "owner",
    id: `session-${sessions}-0123456789abcdef`,
    endsAtMs: Date.now() + 3600_000,
  };
}

beforeEach(() => {
  signIn();
  upstream.calls = 0;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  for (const controller of openRequests.splice(0)) controller.abort();
  vi.restoreAllMocks();
});

describe("long reads of one session", () => {
  it("refuses one past the cap with 429, words and Retry-After, before any DIMO call", async () => {
    await fillSlots();
    const calls = upstream.calls;
    for (const kind of ["all", "export-all", "export-page", "paths", "activity"] as const) {
      const { response } = await open(kind);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.json()).toEqual({ error: { code: "RATE_LIMITED", message: REFUSAL, retryable: true } });
    }
    expect(upstream.calls).toBe(calls);
  });

  it("counts each session apart", async () => {
    await fillSlots();
    expect((await open("all")).response.status).toBe(429);
    signIn();
    expect((await open("all")).response.status).toBe(200);
  });

  it("frees a slot when the client aborts", async () => {
    const [first] = await fillSlots();
    expect((await open("paths")).response.status).toBe(429);
    first?.controller.abort();
    expect((await open("paths")).response.status).toBe(200);
    expect((await open("paths")).response.status).toBe(429);
  });

  it("frees the activity stream's slot when its client aborts", async () => {
    const held = await fillSlots();
    const activity = held.find((read) => read.response.headers.get("content-type")?.startsWith("text/event-stream"));
    expect((await open("all")).response.status).toBe(429);
    activity?.controller.abort();
    expect((await open("all")).response.status).toBe(200);
  });

  it("frees a slot when the stream ends", async () => {
    await fillSlots(1);
    for (const kind of ["all", "export-all", "paths"] as const) {
      const { response } = await open(kind, SHORT);
      expect(response.status).toBe(200);
      expect((await open("all")).response.status).toBe(429);
      await response.text();
    }
    expect((await open("all")).response.status).toBe(200);
  });

  it("frees a slot when the stream fails", async () => {
    await fillSlots(1);
    const walk = await open("all", FAILING);
    expect((await open("all")).response.status).toBe(429);
    expect(await walk.response.text()).toContain('"type":"error"');
    const exported = await open("export-all", FAILING);
    expect((await open("all")).response.status).toBe(429);
    await expect(exported.response.text()).rejects.toThrow();
    expect((await open("all")).response.status).toBe(200);
  });

  it("frees a slot when the read is refused or is one page", async () => {
    await fillSlots(1);
    for (let i = 0; i < MAX_LONG_READS_PER_SESSION; i++) {
      expect((await open("all", REFUSED)).response.status).toBe(404);
      expect((await open("export-page", SHORT)).response.status).toBe(200);
    }
    expect((await open("all")).response.status).toBe(200);
    expect((await open("all")).response.status).toBe(429);
  });
});
