import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { VehicleList } from "@/components/vehicles/vehicle-list";
import { type DashboardSession } from "@/lib/auth/session";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { type VehicleListView } from "@/lib/models/roster";
import { rosterServiceFor, vehicleRoster } from "@/lib/server/roster";
import { readVehicleList, vehicleListView } from "@/lib/server/vehicle-list";
import { createMemoryStores } from "@/lib/store/memory";
import { testClient } from "@/test-support/dimo-client";
import { setUpSandbox, setUpSandboxProcess } from "@/test-support/sandbox";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { round, summarize } from "./stats";
import { sized } from "./size";

/**
 * `npm run bench:roster`: the vehicle list of a license with 10,000 more vehicles (`--fleet 10000`, a sandbox in its
 * own process, the app's client paced at DIMO's limits). Prints the cold first page, the requests and time to read
 * the whole roster, the warm server time of a page with a search or a filter, and what the list sends the browser
 * (its HTML and the props serialized beside it, gzipped) for that license and for the sandbox's 12-vehicle one.
 */

vi.mock("@/lib/auth/session", () => ({
  getSession: async (): Promise<DashboardSession> => ({ address: DEMO_LICENSE.owner.address, role: "owner" }),
}));
vi.mock("next/navigation", () => ({ useRouter: () => ({ replace: () => {}, refresh: () => {} }) }));

const FLEET_SIZE = sized(10_000, 200);
const WARM_RUNS = sized(15, 1);
const BUDGETS = { warmMs: 200, coldMs: 2_000, identityRequests: 100, sizeGrowth: 0.05 };
const WARM_QUERIES = [
  "q=ford",
  "q=tesla 2022",
  "privilege=5",
  "grant=ending&sort=expiry",
  "q=toyota&privilege=1&page=2",
];

const loadAtStart = loadAverageNow();
const { control } = setUpSandboxProcess({ args: ["--fleet", String(FLEET_SIZE)], env: { DIMO_RATE_LIMITS: "on" } });
const small = setUpSandbox();

const identityRequests = (routes: Record<string, number>) =>
  Object.entries(routes)
    .filter(([route]) => route.includes("/identity/query"))
    .reduce((sum, [, n]) => sum + n, 0);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: round(performance.now() - started, 1) };
}

async function list(search: string): Promise<VehicleListView> {
  const result = await readVehicleList({ search });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

/** What the list puts in the page: its HTML, and its props, which the page's RSC payload carries beside it. */
function sentBytes(view: VehicleListView) {
  const html = renderToStaticMarkup(createElement(VehicleList, { view }));
  const props = JSON.stringify(view);
  return {
    rows: view.rows.length,
    htmlBytes: html.length,
    propsBytes: props.length,
    gzippedBytes: gzipSync(html).length + gzipSync(props).length,
  };
}

describe(`the roster of a license with ${FLEET_SIZE} more vehicles`, () => {
  it("reports each budget", async () => {
    await control.resetStats();
    const cold = await timed(() => list(""));
    const fill = await timed(() => vehicleRoster().settle());
    const stats = await control.stats();
    const requests = identityRequests(stats.routes);
    const refused = stats.refused;

    const warm: Record<string, ReturnType<typeof summarize> & { matched: number }> = {};
    for (const search of WARM_QUERIES) {
      await list(search);
      const samples: number[] = [];
      let matched = 0;
      for (let run = 0; run < WARM_RUNS; run++) {
        const { value, ms } = await timed(() => list(search));
        samples.push(ms);
        matched = value.matched;
      }
      warm[search] = { ...summarize(samples), matched };
    }

    const fleetView = await list("");
    const stores = createMemoryStores();
    const { client } = testClient(small.url);
    const smallRoster = rosterServiceFor(client, stores.keyValue, stores.logs, DEMO_LICENSE.clientId);
    const smallView = await vehicleListView(smallRoster, async () => new Map(), "");
    const sizes = { fleet: sentBytes(fleetView), twelve: sentBytes(smallView) };
    const growth = round(sizes.fleet.gzippedBytes / sizes.twelve.gzippedBytes - 1, 3);

    console.log(runHeader(new Date().toISOString(), describeMachine(loadAtStart)));
    console.log(
      `cold first page: ${cold.ms} ms (budget < ${BUDGETS.coldMs}), ${cold.value.rows.length} rows, ` +
        `${cold.value.progress.known} of about ${cold.value.progress.totalCount} vehicles read by then`,
    );
    const pages = fleetView.progress.pagesRead;
    console.log(
      `whole roster: ${fleetView.progress.known} vehicles in ${pages} identity pages ` +
        `(budget <= ${BUDGETS.identityRequests}), then ${requests - pages} device-definition queries for the ` +
        `powertrains (${requests} identity requests in all), ${refused} refused by the rate limiter, ` +
        `${round(fill.ms / 1000, 1)} s after the first page, paced at DIMO's limits`,
    );
    console.log(`warm page of 50 rows, server time over ${WARM_RUNS} runs (budget < ${BUDGETS.warmMs} ms):`);
    console.table(warm);
    console.log("what the list sends the browser (HTML and the props beside it, gzipped):");
    console.table(sizes);
    console.log(
      `growth of the list's bytes from the 12-vehicle license to this one: ${round(growth * 100, 1)} % ` +
        "of the list's own bytes (the page's frame and JavaScript, the same for both, are not counted here)",
    );

    expect(fleetView.progress.complete).toBe(true);
    expect(cold.value.rows).toHaveLength(50);
  }, 600_000);
});
