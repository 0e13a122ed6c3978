import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { toAllTripsMessage } from "@/lib/geo/all-trips-stream";
import { GET as tripsDayRoute } from "@/app/api/vehicles/[tokenId]/trips/day/route";
import { count, ROUTES } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { findTripsDay, openAllTripsStream } from "./trips";

/** The jump to a date and the windowed all-trips stream against a sandbox, through the app's own client, requests counted. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const { control } = setUpSandbox({ pointApp: true });
beforeEach(() => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
});

const PERF = 17001;
const TESLA = 21957;
const DAY_MS = 86_400_000;
const utcDay = (iso: string) => {
  const from = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return { from: new Date(from).toISOString(), to: new Date(from + DAY_MS).toISOString() };
};

async function streamMessages(tokenId: number, since?: string) {
  const result = await openAllTripsStream({ tokenId, since });
  if (!result.ok) throw new Error(result.error.message);
  return (await new Response(result.data).text())
    .split("\n")
    .filter(Boolean)
    .map((line) => toAllTripsMessage(JSON.parse(line)));
}

describe("findTripsDay", () => {
  it("finds a day of the 1,000-page vehicle in a handful of requests, and says a day outside its trips", async () => {
    await control.resetStats();
    const newest = await findTripsDay({ tokenId: PERF, ...utcDay(new Date().toISOString()) });
    if (!newest.ok) throw new Error(newest.error.message);
    // The sandbox's newest trip ended before today began, or today is on page 1: either way one or two reads.
    expect(["after", "found", "none"]).toContain(newest.data.kind);

    // A day some way back: the trips of the middle of the history.
    await control.resetStats();
    const first = await findTripsDay({
      tokenId: PERF,
      ...utcDay(new Date(Date.now() - 800 * DAY_MS).toISOString()),
    });
    if (!first.ok) throw new Error(first.error.message);
    const reads = count(await control.stats(), ROUTES.trips);
    expect(first.data.kind === "found" || first.data.kind === "none").toBe(true);
    if (first.data.kind !== "found" && first.data.kind !== "none") return;
    // A bisection of 1,000 pages reads up to 12; the guesses need far fewer on an even history.
    expect(reads).toBeLessThanOrEqual(6);
    console.log(`day search, 1,000 pages: ${reads} requests, page ${first.data.page}`);
    expect(first.data.trips.currentPage).toBe(first.data.page);

    const before = await findTripsDay({ tokenId: PERF, ...utcDay("2001-01-01") });
    expect(before).toMatchObject({ ok: true, data: { kind: "before" } });
  });

  it("uses the kept history when it is current: one request, the same answer", async () => {
    await streamMessages(TESLA);
    const trips = (await streamMessages(TESLA)).filter((m) => m?.type === "page");
    expect(trips.length).toBeGreaterThan(20);
    const day = utcDay(new Date(Date.now() - 300 * DAY_MS).toISOString());
    await control.resetStats();
    const answer = await findTripsDay({ tokenId: TESLA, ...day });
    expect(count(await control.stats(), ROUTES.trips)).toBe(1);
    expect(answer.ok).toBe(true);
  });

  it("refuses what is not a day, with no request", async () => {
    await control.resetStats();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ tokenId: TESLA, from: "yesterday", to: "2025-01-02T00:00:00Z" }, /from must be an ISO date and time/],
      [{ tokenId: TESLA, from: "2025-01-02T00:00:00Z", to: "2025-01-01T00:00:00Z" }, /from must come before to/],
      [{ tokenId: TESLA, from: "2025-01-01T00:00:00Z", to: "2025-01-03T00:00:00Z" }, /a day is at most 25 hours long/],
      [
        { tokenId: "abc", from: "2025-01-01T00:00:00Z", to: "2025-01-02T00:00:00Z" },
        /tokenId must be a positive whole number/,
      ],
    ];
    for (const [input, message] of cases) {
      const result = await findTripsDay(input as never);
      expect(result).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
      if (!result.ok) expect(result.error.message).toMatch(message);
    }
    expect(count(await control.stats(), ROUTES.trips)).toBe(0);
  });
});

describe("GET /api/vehicles/[tokenId]/trips/day", () => {
  const ask = (tokenId: string, query: string) =>
    tripsDayRoute(new Request(`http://dashboard.test/api/vehicles/${tokenId}/trips/day?${query}`), {
      params: Promise.resolve({ tokenId }),
    });

  it("answers the day's page as JSON, and a day that is not one with a 400 and no request", async () => {
    const day = utcDay(new Date(Date.now() - 300 * DAY_MS).toISOString());
    const found = await ask(String(TESLA), new URLSearchParams(day).toString());
    expect(found.status).toBe(200);
    const body = (await found.json()) as { kind: string; page?: number };
    expect(["found", "none"]).toContain(body.kind);
    expect(body.page).toBeGreaterThan(1);

    await control.resetStats();
    const refused = await ask(String(TESLA), "from=yesterday");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: "INVALID_INPUT", message: expect.stringMatching(/from must be an ISO date and time/) },
    });
    expect(count(await control.stats(), ROUTES.trips)).toBe(0);
  });
});

describe("the all-trips stream since a time", () => {
  it("reads only the pages back to it, and says so in its summary", async () => {
    const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
    await control.resetStats();
    const messages = await streamMessages(PERF, since);
    const pages = messages.filter((m) => m?.type === "page").length;
    const requests = count(await control.stats(), ROUTES.trips);
    expect(messages[0]).toMatchObject({ type: "start", totalPages: 1000 });
    expect(messages.at(-1)).toMatchObject({ type: "done", pages, truncated: false });
    expect(pages).toBeLessThan(60);
    // The pages handed on, and at most the few requested ahead (four at a time).
    expect(requests).toBeLessThanOrEqual(pages + 3);
    console.log(`all trips since 30 days ago: ${pages} pages handed on, ${requests} requests (of 1,000 pages)`);
  });
});
