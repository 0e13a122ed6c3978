import { describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { toAllTripsMessage } from "@/lib/geo/all-trips-stream";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { count, ROUTES } from "@/test-support/dimo-client";
import { setUpSandboxProcess } from "@/test-support/sandbox";
import { openAllTripsStream } from "./trips";

/**
 * The all-trips walk of the 2,500-trip vehicle (25 pages, several seconds of rate windows) against a sandbox that limits
 * each client to 9 trips requests a second, as DIMO's ingress does, through the app's own client with its pacer on:
 * every page arrives, DIMO hardly ever has to refuse one, and the second walk asks for one page. The 100,000-trip walk
 * at the limit lasts two minutes at that pace, so it is measured by the bench rather than run here.
 */

const auth = vi.hoisted(() => ({
  session: { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" } as DashboardSession,
}));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const { control } = setUpSandboxProcess({ args: ["--profile", "realistic"], env: { DIMO_RATE_LIMITS: "on" } });

async function walk() {
  const result = await openAllTripsStream({ tokenId: VEHICLE_IDS.manyTrips });
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

describe("the 2,500-trip vehicle at DIMO's rate limit", () => {
  it(
    "arrives whole with next to no request refused, and the second time asks for one page",
    { timeout: 180_000 },
    async () => {
      await control.resetStats();
      const started = performance.now();
      const first = await walk();
      const seconds = (performance.now() - started) / 1000;
      const stats = await control.stats();
      console.log(
        `2,500 trips at the rate limit: ${first.pages} pages in ${seconds.toFixed(1)} s (${(first.pages / seconds).toFixed(1)} pages/s), ${stats.refused} refused ${JSON.stringify(stats.refusedRoutes)}`,
      );
      expect(first).toEqual({
        pages: 25,
        trips: 2_500,
        end: { type: "done", pages: 25, trips: 2_500, truncated: false },
      });
      // Even spacing leaves nothing refused on a quiet machine. On a loaded one, event-loop stalls bunch requests that
      // left evenly, and the client retries the few refused (the walk above still arrived whole); without the pacer,
      // four pages in flight at once would be refused over and over.
      expect(stats.refused).toBeLessThanOrEqual(10);
      // Every page asked for once, and each refused request once more.
      expect(count(stats, ROUTES.trips)).toBe(25 + stats.refused);

      await control.resetStats();
      const second = await walk();
      expect(second).toEqual(first);
      // One page asked for, and once more only if DIMO refused it (the first walk may have used up the rate window).
      const again = await control.stats();
      expect(again.refused).toBeLessThanOrEqual(1);
      expect(count(again, ROUTES.trips)).toBe(1 + again.refused);
    },
  );
});
