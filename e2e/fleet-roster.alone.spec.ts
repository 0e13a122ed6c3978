import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, plainTest as base } from "./fixtures/test";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { type PrivilegeId, decodePermissions } from "@/lib/protocol";
import { definitionPowertrainTypeOf } from "@/sandbox/seed/energy";
import { fetchAllLicenseVehiclePages } from "@/sandbox/services/identity/license-vehicle-pages";
import { type SandboxNetwork, startSandboxNetwork } from "@/test-support/servers";
import { enableTestHooks } from "@/test-support/test-hooks";

/**
 * The vehicle list and the fleet page of a license with 10,000 more vehicles (`--fleet 10000`): a search, filters, a
 * sort and a page chosen through the URL, the "N of M" count, the rows and the CSV export checked against the
 * sandbox's own identity API (counted here, not by the dashboard); bad input in the URL; then the fleet page's total
 * and its map's clusters. Its own sandbox and dashboard, started here, since no other test wants a fleet this size.
 */

const FLEET_SIZE = 10_000;
const PAGE_SIZE = 50;
const DAY_MS = 86_400_000;
/** The list's "ends soon": a live grant that ends within this many days. */
const ENDING_DAYS = 30;

/** A vehicle as the sandbox's identity API lists it for the demo license, with its definition's powertrain. */
interface Listed {
  tokenId: number;
  make: string;
  model: string;
  year: number;
  name: string;
  powertrain: string;
  privileges: PrivilegeId[];
  expiresMs: number | null;
}

interface Expected {
  q?: string;
  privileges?: PrivilegeId[];
  powertrains?: string[];
  ending?: boolean;
  sort?: "newest" | "name" | "expiry";
}

/** The license's vehicles with a grant, walked through the sandbox's identity API 100 a page. */
async function listedVehicles(sandboxUrl: string): Promise<Listed[]> {
  const pages = await fetchAllLicenseVehiclePages(`${sandboxUrl}/identity/query`, DEMO_LICENSE.clientId);
  return pages
    .flatMap((page) => page.edges.map((edge) => edge.node))
    .filter((node) => node.sacd !== null)
    .map((node) => ({
      tokenId: node.tokenId,
      make: node.definition.make,
      model: node.definition.model,
      year: node.definition.year,
      name: node.name,
      powertrain: definitionPowertrainTypeOf(node.definition.model),
      privileges: decodePermissions(node.sacd?.permissions ?? "0x"),
      expiresMs: node.sacd?.expiresAt ? Date.parse(node.sacd.expiresAt) : null,
    }));
}

const isLive = (vehicle: Listed, nowMs: number) => vehicle.expiresMs === null || vehicle.expiresMs > nowMs;

/**
 * What the list should show for a query, worked out from the sandbox's data: each word of the search in the make,
 * model, year, token id, name or powertrain; every privilege asked for held; the grant ending within 30 days.
 */
function expected(vehicles: readonly Listed[], nowMs: number, query: Expected): Listed[] {
  const words = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const matched = vehicles.filter((vehicle) => {
    const text = [vehicle.make, vehicle.model, vehicle.year, vehicle.tokenId, vehicle.name, vehicle.powertrain]
      .join(" ")
      .toLowerCase();
    const ends = vehicle.expiresMs;
    return (
      words.every((word) => text.includes(word)) &&
      (query.privileges ?? []).every((id) => vehicle.privileges.includes(id)) &&
      (!query.powertrains || query.powertrains.includes(vehicle.powertrain)) &&
      (!query.ending || (ends !== null && ends - nowMs <= ENDING_DAYS * DAY_MS))
    );
  });
  const byTokenDesc = (a: Listed, b: Listed) => b.tokenId - a.tokenId;
  const order: Record<NonNullable<Expected["sort"]>, (a: Listed, b: Listed) => number> = {
    newest: byTokenDesc,
    name: (a, b) =>
      a.make.localeCompare(b.make) || a.model.localeCompare(b.model) || b.year - a.year || byTokenDesc(a, b),
    expiry: (a, b) => (a.expiresMs ?? Infinity) - (b.expiresMs ?? Infinity) || byTokenDesc(a, b),
  };
  return matched.sort(order[query.sort ?? "newest"]);
}

/** The records of a CSV file after its header, with quoted fields (which may hold commas, quotes or line breaks). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records.slice(1);
}

const rowIds = (page: Page) =>
  page.getByTestId("vehicle-row").evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-token-id"))));

const test = base.extend<object, { network: SandboxNetwork }>({
  network: [
    async ({}, use) => {
      const network = await startSandboxNetwork(["--fleet", String(FLEET_SIZE)]);
      await use(network);
      await network.stop();
    },
    // Seeding the fleet into the sandbox's copied data folder is most of the start, inside startSandboxServer's own
    // wait for the sandbox to listen; this only guards against a hang of a start slowed by a busy machine.
    { scope: "worker", timeout: 300_000 },
  ],
});

test("search, filter, sort, page and export the 10,000-vehicle roster; the fleet page counts and clusters it", async ({
  browser,
  network,
}) => {
  // Guards against a hang: the roster's first walk (about a hundred identity pages), its powertrains, a CSV of a few
  // thousand rows and a software-rendered map all share two busy cores with the servers.
  test.setTimeout(300_000);
  const { sandbox, dashboard } = network;
  const context = await browser.newContext({ baseURL: dashboard.url, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await enableTestHooks(page);
  try {
    await page.goto("/login");
    await page.getByRole("button", { name: "Use the demo wallet" }).click();
    await expect(page).toHaveURL(/\/vehicles$/);

    // Grants end days or months from now, so the few seconds between this read and the dashboard's change nothing.
    const nowMs = Date.now();
    const listed = await listedVehicles(sandbox.url);
    const vehicles = listed.filter((vehicle) => isLive(vehicle, nowMs));
    const endedListed = listed.length - vehicles.length;
    expect(vehicles.length).toBeGreaterThan(FLEET_SIZE * 0.9);
    const total = vehicles.length;

    // The list re-renders itself until its first walk through the roster is complete: about a hundred identity pages,
    // so a longer guard than the config's.
    await expect(page.getByTestId("vehicle-roster-progress")).toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByTestId("vehicle-count")).toHaveText(`${total} vehicles`);
    expect(await rowIds(page)).toEqual(
      expected(vehicles, nowMs, {})
        .slice(0, PAGE_SIZE)
        .map((vehicle) => vehicle.tokenId),
    );

    const cases: Array<{ url: string; query: Expected; page: number }> = [
      { url: "?q=ford", query: { q: "ford" }, page: 1 },
      {
        url: "?q=toyota&privilege=1&privilege=4&sort=name&page=2",
        query: { q: "toyota", privileges: [1, 4], sort: "name" },
        page: 2,
      },
      {
        url: "?powertrain=BEV&grant=ending&sort=expiry",
        query: { powertrains: ["BEV"], ending: true, sort: "expiry" },
        page: 1,
      },
    ];
    for (const { url, query, page: pageNumber } of cases) {
      const want = expected(vehicles, nowMs, query);
      expect(want.length, url).toBeGreaterThan(PAGE_SIZE * pageNumber - PAGE_SIZE);
      // The powertrains come from device definitions read after the roster's walk: the CSV, the same roster's answer,
      // says when they are all in, so the page below is not read before.
      await expect
        .poll(async () => csvRecords(await (await page.request.get(`/api/vehicles/export${url}`)).text()).length, {
          message: `${url}: exported rows`,
        })
        .toBe(want.length);
      await page.goto(`/vehicles${url}`);
      await expect(page.getByTestId("vehicle-count"), url).toHaveText(`${want.length} of ${total} vehicles`);
      const pageCount = Math.ceil(want.length / PAGE_SIZE);
      if (pageCount > 1) {
        await expect(page.getByTestId("vehicle-pager-position"), url).toHaveText(`Page ${pageNumber} of ${pageCount}`);
      }
      expect(await rowIds(page), url).toEqual(
        want.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE).map((vehicle) => vehicle.tokenId),
      );
      await expect(page.getByTestId("vehicle-list-notices")).toHaveCount(0);
    }

    // The export link of the list on screen (the last case), as a person downloads it: the same vehicles.
    const lastCase = cases[cases.length - 1];
    if (!lastCase) throw new Error("no case");
    const downloading = page.waitForEvent("download");
    await page.getByTestId("vehicle-export").click();
    const download = await downloading;
    const records = csvRecords(readFileSync(await download.path(), "utf8"));
    expect(records.map((record) => Number(record[0]))).toEqual(
      expected(vehicles, nowMs, lastCase.query).map((vehicle) => vehicle.tokenId),
    );

    // Expired grants: no live row, and as many ended ones as the identity API still lists with a past end (DIMO drops
    // most of them from the list, so a fresh dashboard knows only those).
    await page.goto("/vehicles?grant=ended");
    await expect(page.getByTestId("vehicle-count")).toHaveText(`0 of ${total} vehicles`);
    await expect(page.getByTestId("vehicle-row")).toHaveCount(0);
    await expect(page.getByTestId("ended-grant-row")).toHaveCount(Math.min(endedListed, PAGE_SIZE));
    if (endedListed === 0) await expect(page.getByText("No vehicle matches")).toBeVisible();

    // Bad input: an unknown filter and a page past the end are named, and the list opens at its first page.
    const fords = expected(vehicles, nowMs, { q: "ford" });
    const fordPages = Math.ceil(fords.length / PAGE_SIZE);
    await page.goto(`/vehicles?q=ford&colour=red&page=${fordPages + 5}`);
    const notices = page.getByTestId("vehicle-list-notices");
    await expect(notices).toContainText("The list has no filter “colour”, so it was ignored.");
    await expect(notices).toContainText(
      `Page ${fordPages + 5} is past the end of the list (${fordPages} pages), so it opens at its first page.`,
    );
    await expect(page.getByTestId("vehicle-count")).toHaveText(`${fords.length} of ${total} vehicles`);
    await expect(page.getByTestId("vehicle-pager-position")).toHaveText(`Page 1 of ${fordPages}`);
    expect(await rowIds(page)).toEqual(fords.slice(0, PAGE_SIZE).map((vehicle) => vehicle.tokenId));

    // The fleet page: its total, a make, a powertrain and the grants ending soon are the sandbox's counts.
    await page.goto("/fleet");
    const count = (key: string) => page.locator(`[data-testid="fleet-count"][data-key="${key}"]`);
    await expect(count("total")).toHaveAttribute("data-count", String(total));
    await expect(count("make:Ford")).toHaveAttribute(
      "data-count",
      String(vehicles.filter((v) => v.make === "Ford").length),
    );
    await expect(count("powertrain:BEV")).toHaveAttribute(
      "data-count",
      String(expected(vehicles, nowMs, { powertrains: ["BEV"] }).length),
    );
    await expect(count("ending")).toHaveAttribute(
      "data-count",
      String(expected(vehicles, nowMs, { ending: true }).length),
    );

    // The map: once some positions are in and their clusters drawn, the clusters stand for every one of them. The
    // refresher keeps reading, so a new answer may land between two reads: the three are read until they agree.
    const map = page.getByTestId("fleet-map");
    await expect(map).toHaveAttribute("data-state", "ready");
    await expect
      .poll(async () => {
        const positions = Number(await map.getAttribute("data-positions"));
        const clustered = Number(await map.getAttribute("data-clustered"));
        return positions > 0 && clustered === positions;
      })
      .toBe(true);
    await expect
      .poll(async () => {
        const { positions, worldwide, drawn } = await page.evaluate(async () => {
          const clusters = window.__fleetClusters;
          if (!clusters) throw new Error("the fleet map exposes no clusters");
          return {
            positions: clusters.positions(),
            worldwide: await clusters.clusteredWorldwide(),
            drawn: clusters.drawn().total,
          };
        });
        const shown = Number(await map.getAttribute("data-positions"));
        const agree = positions > 0 && positions === worldwide && positions === shown && drawn <= positions;
        return agree
          ? "agree"
          : `positions ${positions}, clustered worldwide ${worldwide}, drawn ${drawn}, shown ${shown}`;
      })
      .toBe("agree");
    const progress = page.getByTestId("fleet-positions-progress");
    const withPosition = Number(await progress.getAttribute("data-with-position"));
    expect(withPosition).toBeGreaterThan(0);
    expect(Number(await progress.getAttribute("data-total"))).toBe(total);
  } finally {
    await context.close();
  }
});
