import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { type Session, readTripsPage, requestTripsRoute, viewTripsPage } from "./dashboard-client";
import { type Summary, summarize } from "./stats";
import { sized } from "./size";

/**
 * Item 2: what the dashboard's server adds to a trips page. Each sample fetches one page of trips twice, back to
 * back: straight from the sandbox with a warm Vehicle JWT, and through the dashboard's server path with a session
 * cookie (the trips route the trips page's client loads pages with). The overhead is the difference of the two
 * distributions' medians (and p95s), measured in the same run, with the same HTTP client, bodies read in full.
 */

export interface OverheadResults {
  tokenId: number;
  samples: number;
  direct: Summary;
  action: Summary;
  overheadMedianMs: number;
  overheadP95Ms: number;
  /**
   * The same route refused for bad input (page 0) after its session check, before any upstream call: what Next.js's
   * request handling and the session check cost on their own.
   */
  actionFloor: Summary;
  /** The whole trips page (server-rendered HTML with the page's trips), for comparison. */
  page: Summary;
  pageOverheadMedianMs: number;
}

const SAMPLES = sized(200, 5);
const PAGE_SAMPLES = sized(30, 2);
const FLOOR_SAMPLES = sized(100, 5);
const WARM_UP = sized(20, 1);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function measureOverhead(sandboxUrl: string, session: Session, tokenId: number): Promise<OverheadResults> {
  const developer = await getDeveloperJwt(sandboxUrl);
  // The privileges the dashboard asks for, so both paths carry the same kind of token.
  const token = await getVehicleJwt(sandboxUrl, developer, tokenId, [1, 4, 5]);
  const direct = async (page: number) => {
    const response = await fetch(`${sandboxUrl}/trips/v1/vehicle/${tokenId}/trips?page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the sandbox answered ${response.status} for trips page ${page}`);
    return text;
  };
  const viaDashboard = (page: number) => requestTripsRoute(session, tokenId, page);

  // Both paths warm (connections, JIT, the dashboard's token cache) before anything counts.
  for (let i = 0; i < WARM_UP; i++) {
    await direct((i % 10) + 1);
    const answer = await viaDashboard((i % 10) + 1);
    readTripsPage(answer.status, answer.body);
  }

  const directMs: number[] = [];
  const actionMs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const page = (i % 20) + 1;
    // Alternate which goes first, so neither always runs on a freshly woken server.
    const order = i % 2 === 0 ? ["direct", "action"] : ["action", "direct"];
    for (const path of order) {
      if (path === "direct") directMs.push(await timed(() => direct(page)));
      else {
        let answer = { status: 0, body: "" };
        actionMs.push(await timed(async () => (answer = await viaDashboard(page))));
        readTripsPage(answer.status, answer.body);
      }
    }
  }

  const floorMs: number[] = [];
  for (let i = 0; i < FLOOR_SAMPLES; i++) {
    let answer = { status: 0, body: "" };
    floorMs.push(await timed(async () => (answer = await viaDashboard(0))));
    if (answer.status !== 400 || !answer.body.includes('"INVALID_INPUT"'))
      throw new Error("the trips route accepted page 0");
  }

  const pageMs: number[] = [];
  for (let i = 0; i < PAGE_SAMPLES; i++) pageMs.push(await timed(() => viewTripsPage(session, tokenId, (i % 20) + 1)));

  const directSummary = summarize(directMs);
  const actionSummary = summarize(actionMs);
  const pageSummary = summarize(pageMs);
  return {
    tokenId,
    samples: SAMPLES,
    direct: directSummary,
    action: actionSummary,
    overheadMedianMs: actionSummary.median - directSummary.median,
    overheadP95Ms: actionSummary.p95 - directSummary.p95,
    actionFloor: summarize(floorMs),
    page: pageSummary,
    pageOverheadMedianMs: pageSummary.median - directSummary.median,
  };
}
