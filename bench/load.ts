import { sandboxControl } from "@/sandbox/control-client";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { type Session, fetchBareRoute, fetchTripsPage } from "./dashboard-client";
import { signIn } from "./session";
import { type Summary, summarize } from "./stats";
import { type UpstreamCounts, classifyRoutes } from "./upstream-counts";

/**
 * Item 6: simulated signed-in developers paging trips at once. Each user signs in for a session of its own, then
 * runs a closed loop with no think time for the test's duration: the next page of the next vehicle, through the
 * trips route the trips page uses, each page as soon as the previous one arrived. Upstream calls are counted
 * by the sandbox over the same window. The same users, loop and time against the bare route (a handler that does
 * nothing) give the baseline: what this machine serves when the dashboard does no work at all.
 */

export interface LoadResults {
  target: LoadTarget;
  users: number;
  seconds: number;
  vehicles: number[];
  requests: number;
  errors: number;
  /** The first few distinct failures, for the report. */
  errorSamples: string[];
  perSecond: number;
  latency: Summary;
  upstream: UpstreamCounts;
}

/** What every request asks for: the next trips page, or the bare route. */
export type LoadTarget = "trips" | "bare";

export interface LoadOptions {
  users: number;
  seconds: number;
  vehicles: readonly number[];
  /** The trips route unless said otherwise. */
  target?: LoadTarget;
}

const SIGN_IN_CONCURRENCY = 8;

async function signInUsers(baseUrl: string, users: number): Promise<Session[]> {
  const sessions: Session[] = [];
  let next = 0;
  const worker = async () => {
    while (next < users) {
      const user = next++;
      // Each simulated developer signs in from an address of its own (the sign-in limits are per client).
      const address = `10.1.${Math.floor(user / 250)}.${(user % 250) + 1}`;
      sessions.push({ baseUrl, jar: await signIn(baseUrl, DEMO_OWNER.privateKey, address) });
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return sessions;
}

export async function runLoad(sandboxUrl: string, baseUrl: string, options: LoadOptions): Promise<LoadResults> {
  const { vehicles, seconds, target = "trips" } = options;
  const sessions = await signInUsers(baseUrl, options.users);
  const control = sandboxControl(sandboxUrl);
  await control.resetStats();

  const latencies: number[] = [];
  const errorSamples = new Set<string>();
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;

  const user = async (session: Session, index: number) => {
    // Where this user is in each vehicle's pages; page counts are learnt from the answers.
    const nextPage = vehicles.map(() => 1);
    for (let step = index; performance.now() < until; step++) {
      const slot = step % vehicles.length;
      const tokenId = vehicles[slot] ?? 0;
      const page = nextPage[slot] ?? 1;
      const requestStarted = performance.now();
      try {
        if (target === "bare") await fetchBareRoute(session);
        else {
          const answer = await fetchTripsPage(session, tokenId, page);
          nextPage[slot] = page >= answer.totalPages ? 1 : page + 1;
        }
        latencies.push(performance.now() - requestStarted);
      } catch (error) {
        errors++;
        if (errorSamples.size < 5) errorSamples.add(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(sessions.map(user));
  const elapsed = (performance.now() - started) / 1000;

  return {
    target,
    users: sessions.length,
    seconds,
    vehicles: [...vehicles],
    requests: latencies.length + errors,
    errors,
    errorSamples: [...errorSamples],
    perSecond: (latencies.length + errors) / elapsed,
    latency: summarize(latencies),
    upstream: classifyRoutes((await control.stats()).routes),
  };
}
