import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as offersRoute } from "@/app/api/vehicles/[tokenId]/offers/route";
import { GET as offerRequestRoute } from "@/app/api/vehicles/[tokenId]/offers/request/route";
import { requestInstantOfferAction } from "@/lib/actions/valuation";
import { type DashboardSession } from "@/lib/auth/session";
import type { OfferRequest, OffersView } from "@/lib/models";
import { count, ROUTES } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";

/**
 * An instant offer that takes longer than a browser request should wait (DIMO's take about a minute): the server
 * follows it, the page polls the offers route, and nothing is sent twice. The sandbox here (realistic profile) takes a
 * few seconds, enough for the click to come back while the job runs and for the polling to go round several times.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SLOW_MS = 8_000;
// The realistic profile: like DIMO, it answers the POST only once the job is done, and limits the polling's pace.
const { control } = setUpSandbox({ pointApp: true, profile: "realistic", instantOfferDelayMs: SLOW_MS });
beforeEach(() => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function data<T>(result: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

type Route = (request: Request, context: { params: Promise<{ tokenId: string }> }) => Promise<Response>;

/** A GET of one of the vehicle's routes, as the page's polling sends it: the JSON body, or the route's error. */
async function read<T>(route: Route, tokenId: number, path: string): Promise<T> {
  const request = new Request(`http://localhost:3000/api/vehicles/${tokenId}/${path}`);
  const response = await route(request, { params: Promise.resolve({ tokenId: String(tokenId) }) });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

describe("a minute-long instant offer", () => {
  it(
    "answers the click at once, runs on, is joined rather than repeated, and ends in offers with one POST",
    { timeout: 90_000 },
    async () => {
      const tokenId = 19876;
      await control.resetStats();
      const before = await read<OffersView>(offersRoute, tokenId, "offers");

      const started = Date.now();
      // Still running when the click is answered: the action did not wait for the job.
      const first = await data(requestInstantOfferAction({ tokenId }));
      expect(first).toMatchObject({ status: "running", finishedAt: null, error: null });

      // Another click, another tab, or the page opened again: the same request, nothing new sent.
      const again = await data(requestInstantOfferAction({ tokenId }));
      expect(again.startedAt).toBe(first.startedAt);
      expect(await read<OfferRequest | null>(offerRequestRoute, tokenId, "offers/request")).toMatchObject({
        startedAt: first.startedAt,
        status: "running",
      });

      // The page's polling: offers and the request's state until it has ended.
      let view = await read<OffersView>(offersRoute, tokenId, "offers");
      while (view.request?.status === "running") {
        await sleep(500);
        view = await read<OffersView>(offersRoute, tokenId, "offers");
      }
      expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 1_000);
      expect(view.request).toMatchObject({ startedAt: first.startedAt, status: "succeeded", error: null });
      expect(view.sets[0]?.offers).toHaveLength(3);
      expect(view.sets[0]?.updated).not.toBe(before.sets[0]?.updated);
      expect(count(await control.stats(), ROUTES.instantOffer)).toBe(1);
    },
  );
});
