import { describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { toAllTripsMessage } from "@/lib/geo/all-trips-stream";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { count, ROUTES } from "@/test-support/dimo-client";
import { setUpSandboxProcess } from "@/test-support/sandbox";
import { openAllTripsStream } from "@/lib/server/trips";
import { sized } from "./size";

/**
 * `npm run bench:rate-limit`: the all-trips walk of the 100,000-trip vehicle (1,000 pages) against a sandbox that
 * limits each client to 9 trips requests a second, as DIMO's ingress does, through the app's own client with its pacer
 * on. Prints the pace and the refusals, and checks that every page arrives, that DIMO hardly ever has to refuse one,
 * and that the second walk costs one request. It lasts about two minutes at that pace, which is why the unit suite
 * walks a 25-page vehicle instead (lib/server/trip-streams.realistic.test.ts). Runs under Vitest for its module mocks.
 */

const auth = vi.hoisted(() => ({
  session: { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" } as DashboardSession,
}));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

/** The 100,000-trip vehicle, or the 2,500-trip one at a toy size. */
const WALKED = sized(
  { tokenId: VEHICLE_IDS.perf, pages: 1_000, trips: 100_000 },
  { tokenId: VEHICLE_IDS.manyTrips, pages: 25, trips: 2_500 },
);

const { control } = setUpSandboxProcess({ args: ["--profile", "realistic"], env: { DIMO_RATE_LIMITS: "on" } });

async function walk() {
  const result = await openAllTripsStream({ tokenId: WALKED.tokenId });
  if (!result.ok) throw new Error(result.error.message);
  const messages = (await new Response(result.data).text())
    .split("\n")
    .filter(Boolean)
    .map((line) => toAllTripsMessage(JSON.parse(line)));
  return {
    pages: messages.filter((m) => m?.type === "page").length,
    trips: messages.reduce((sum, m) => sum + (m?.type === "page" ? m.trips : 0), 0),
    end: messages.at(-1),
  };
}

describe(`the ${WALKED.trips.toLocaleString("en")}-trip vehicle at DIMO's rate limit`, () => {
  it("arrives whole with no request refused, and the second time for one request", { timeout: 300_000 }, async () => {
    await control.resetStats();
    const started = performance.now();
    const first = await walk();
    const seconds = (performance.now() - started) / 1000;
    const stats = await control.stats();
    console.log(
      `${WALKED.trips.toLocaleString("en")} trips at the rate limit: ${first.pages} pages in ${seconds.toFixed(1)} s (${(first.pages / seconds).toFixed(1)} pages/s), ${stats.refused} refused ${JSON.stringify(stats.refusedRoutes)}`,
    );
    expect(first).toEqual({
      pages: WALKED.pages,
      trips: WALKED.trips,
      end: { type: "done", pages: WALKED.pages, trips: WALKED.trips, truncated: false },
    });
    // Even spacing leaves nothing refused on a quiet machine. On a loaded one, event-loop stalls bunch requests that
    // left evenly, and the client retries the few refused (the walk above still arrived whole); without the pacer,
    // four pages in flight at once would be refused over and over, hundreds of times.
    expect(stats.refused).toBeLessThanOrEqual(50);
    // Every page asked for once, and each refused request once more.
    expect(count(stats, ROUTES.trips)).toBe(WALKED.pages + stats.refused);

    await control.resetStats();
    const second = await walk();
    expect(second).toEqual(first);
    expect(count(await control.stats(), ROUTES.trips)).toBeLessThanOrEqual(2);
  });
});
