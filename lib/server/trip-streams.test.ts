import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { toAllTripsMessage } from "@/lib/geo/all-trips-stream";
import { count, ROUTES } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { openAllTripsStream, openTripsExport } from "./trips";

/** The all-trips stream and the export against a sandbox, through the app's own client: the kept history at work. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const { control } = setUpSandbox({ pointApp: true });
beforeEach(() => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
});

async function allTrips(tokenId: number) {
  const result = await openAllTripsStream({ tokenId });
  if (!result.ok) throw new Error(result.error.message);
  const lines = (await new Response(result.data).text()).split("\n").filter(Boolean);
  return lines.map((line) => toAllTripsMessage(JSON.parse(line)));
}

describe("all trips, twice", () => {
  it("fetches every page the first time and one page the second, with the same trips and the export to match", async () => {
    await control.resetStats();
    const first = await allTrips(21957);
    const firstRequests = count(await control.stats(), ROUTES.trips);
    expect(first.at(-1)).toMatchObject({ type: "done", truncated: false });
    const pages = first.filter((m) => m?.type === "page").length;
    expect(firstRequests).toBe(pages);
    expect(pages).toBeGreaterThan(20);

    await control.resetStats();
    const second = await allTrips(21957);
    expect(count(await control.stats(), ROUTES.trips)).toBe(1);
    expect(second).toEqual(first);

    // The export walks the same history: one request again, every trip in it.
    await control.resetStats();
    const csv = await openTripsExport({ tokenId: 21957, format: "csv", page: "all" });
    if (!csv.ok) throw new Error(csv.error.message);
    const rows = (await new Response(csv.data.body).text()).trim().split("\n").length - 1;
    expect(rows).toBe(
      first.filter((m) => m?.type === "page").reduce((sum, m) => sum + (m?.type === "page" ? m.trips : 0), 0),
    );
    expect(count(await control.stats(), ROUTES.trips)).toBe(1);
  });
});
