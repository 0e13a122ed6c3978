import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportCsv } from "@/app/api/vehicles/export/route";
import { type DashboardSession } from "@/lib/auth/session";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { getDimoClient } from "@/lib/dimo";
import { DEFINITIONS_PER_QUERY } from "@/lib/dimo/identity";
import { decodePermissions } from "@/lib/protocol";
import { type RosterQuery } from "@/lib/roster/query";
import { type VehicleListView } from "@/lib/models/roster";
import { endsSoon } from "@/lib/share-links";
import { createMemoryStores } from "@/lib/store/memory";
import {
  type LicenseVehiclePage,
  fetchAllLicenseVehiclePages,
} from "@/sandbox/services/identity/license-vehicle-pages";
import { type StatsSnapshot } from "@/sandbox/control-client";
import { setUpSandboxProcess } from "@/test-support/sandbox";
import { rosterServiceFor, vehicleRoster } from "./roster";
import { readShareRecords } from "./share-links-history";
import { readVehicleList, vehicleListView } from "./vehicle-list";

/**
 * The roster of a license with a fleet, over real HTTP: a sandbox process seeded with 1,500 more vehicles, the app's
 * own DIMO client filling the roster from its identity API, the list paged, searched and filtered through the URL's
 * query, and the CSV route's rows counted against what the sandbox itself lists. What the sandbox lists is read before
 * any test, and each test that reads the app's roster waits for it whole, so any one test runs alone.
 */

const FLEET_SIZE = 1_500;
const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const { control } = setUpSandboxProcess({ args: ["--fleet", String(FLEET_SIZE)] });
const identityRequests = (stats: StatsSnapshot) =>
  Object.entries(stats.routes)
    .filter(([route]) => route.includes("/identity/query"))
    .reduce((sum, [, n]) => sum + n, 0);

/** What the sandbox itself lists for the license, read straight from its identity API before any test. */
let pages: LicenseVehiclePage[] = [];
let listed: { tokenId: number; make: string; privileges: number[]; expiresAt: string | null }[] = [];

async function list(search: string): Promise<VehicleListView> {
  const result = await readVehicleList({ search });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

async function csvRows(search: string): Promise<string[]> {
  const response = await exportCsv(new Request(`http://127.0.0.1/api/vehicles/export${search}`));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const lines = (await response.text()).split("\r\n").filter((line) => line !== "");
  expect(lines[0]).toMatch(/^token_id,vehicle,/);
  return lines.slice(1);
}

beforeAll(async () => {
  auth.session = { address: DEMO_LICENSE.owner.address, role: "owner" };
  pages = await fetchAllLicenseVehiclePages(`${process.env.DIMO_IDENTITY_URL}/query`, DEMO_LICENSE.clientId);
  listed = pages.flatMap((page) =>
    page.edges.map(({ node }) => ({
      tokenId: node.tokenId,
      make: node.definition.make,
      privileges: node.sacd ? decodePermissions(node.sacd.permissions) : [],
      expiresAt: node.sacd?.expiresAt ?? null,
    })),
  );
}, 60_000);

/** The app's roster, read whole: a test that pages, searches or filters it needs every vehicle in it. */
async function wholeRoster(): Promise<void> {
  await list("");
  await vehicleRoster().settle();
}

describe("a roster of a fleet", () => {
  it("serves the first page before the whole roster is read, then reads it all in one request a page", async () => {
    // A roster of its own, cold whichever tests ran before, read through the app's client like the app's roster.
    const stores = createMemoryStores();
    const roster = rosterServiceFor(getDimoClient(), stores.keyValue, stores.logs, DEMO_LICENSE.clientId);
    const view = (search: string) => vehicleListView(roster, readShareRecords, search);
    await control.resetStats();
    const first = await view("");
    expect(first.rows).toHaveLength(50);
    // Answered after the first identity page, while the worker reads on.
    expect(first.progress.complete).toBe(false);
    expect(first.progress.totalCount).toBeGreaterThan(first.progress.known);
    await roster.settle();
    const stats = await control.stats();

    expect(listed.length).toBeGreaterThan(FLEET_SIZE * 0.9);
    // A request a page, and one for every DEFINITIONS_PER_QUERY device definitions after it, for their powertrains.
    const definitions = new Set(pages.flatMap((page) => page.edges.map(({ node }) => node.definition.id)));
    expect(identityRequests(stats)).toBe(pages.length + Math.ceil(definitions.size / DEFINITIONS_PER_QUERY));

    const whole = await view("");
    expect(whole.progress).toMatchObject({ complete: true, known: listed.length, totalCount: listed.length });
    expect(whole.liveTotal).toBe(listed.length);
    expect(whole.pageCount).toBe(Math.ceil(listed.length / 50));
  }, 120_000);

  it("pages through the URL: each page 50 rows, newest first, none twice", async () => {
    await wholeRoster();
    const seen: number[] = [];
    const { pageCount } = await list("");
    for (let page = 1; page <= pageCount; page++) {
      const view = await list(page === 1 ? "" : `page=${page}`);
      expect(view.page).toBe(page);
      seen.push(...view.rows.map((vehicle) => vehicle.tokenId));
    }
    expect(seen).toEqual(listed.map((vehicle) => vehicle.tokenId).sort((a, b) => b - a));
  });

  it("searches and filters, and the CSV of the same query holds every matching row", async () => {
    await wholeRoster();
    const fords = listed.filter((vehicle) => vehicle.make === "Ford");
    const search = await list("q=ford");
    expect(search.matched).toBe(fords.length);
    expect(search.rows.every((vehicle) => vehicle.make === "Ford")).toBe(true);
    expect(await csvRows("?q=ford")).toHaveLength(fords.length);

    const now = Date.now();
    const endingWithVin = listed.filter(
      (vehicle) => vehicle.privileges.includes(5) && endsSoon(vehicle.expiresAt, now),
    );
    const filtered = await list("privilege=5&grant=ending&sort=expiry");
    expect(filtered.matched).toBe(endingWithVin.length);
    const ends = filtered.rows.map((vehicle) => Date.parse(vehicle.grant?.expiresAt ?? ""));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(await csvRows("?privilege=5&grant=ending")).toHaveLength(endingWithVin.length);

    expect(await csvRows("")).toHaveLength(listed.length);

    // Battery electric: the Teslas among them, and every row of the export says so.
    const electric = await list("powertrain=BEV");
    expect(electric.matched).toBeGreaterThan(0);
    expect(electric.matched).toBeLessThan(listed.length);
    expect(listed.filter((vehicle) => vehicle.make === "Tesla").length).toBeLessThanOrEqual(electric.matched);
    const electricRows = await csvRows("?powertrain=BEV");
    expect(electricRows).toHaveLength(electric.matched);
    expect(electricRows.every((row) => row.split(",")[6] === "BEV")).toBe(true);
  });

  it("opens at the first page, saying why, for a page past the end or a filter it does not know", async () => {
    await wholeRoster();
    const past = await list("q=ford&page=999");
    expect(past.query).toMatchObject({ q: "ford", page: 1 } satisfies Partial<RosterQuery>);
    expect(past.notices).toEqual([expect.stringMatching(/^Page 999 is past the end of the list/)]);
    const unknown = await list("colour=red&grant=soon");
    expect(unknown.page).toBe(1);
    expect(unknown.notices).toHaveLength(2);
    expect(unknown.matched).toBe(listed.length);
  });
});
