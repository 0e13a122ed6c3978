import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as trialGet } from "@/app/api/webhooks/trial/route";
import { type DashboardSession } from "@/lib/auth/session";
import { setUpSandbox } from "@/test-support/sandbox";
import { MAX_LONG_READS_PER_SESSION } from "./long-reads";

/**
 * The history trial is one of the session's long reads, through the route the webhook form asks, against a sandbox:
 * one past the cap is refused in words before anything is read, and a slot comes back when a trial ends or its client
 * goes away. The sandbox holds the first trials' Telemetry API requests, so those trials are still running.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const VEHICLE = 21957;
/** A band no simulated speed falls in by chance: the trial reads the week and fires on nothing. */
const BAND = "valueNumber > 123.3 && valueNumber < 123.6";
/** Longer than any test here runs: a held trial ends only when its client goes away. */
const HELD_MS = 100_000;
const REFUSAL = `Too many long reads at once for this session: ${MAX_LONG_READS_PER_SESSION} are running. Wait for one to finish or close a tab.`;

const suite = setUpSandbox({ pointApp: true });
const openRequests: AbortController[] = [];
let sessions = 0;

beforeEach(async () => {
  sessions++;
  auth.session = {
    address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd",
    role: "admin",
    id: `trial-session-${sessions}-0123456789abcdef`,
    endsAtMs: Date.now() + 3600_000,
  };
  await suite.control.reset();
});
afterEach(() => {
  for (const controller of openRequests.splice(0)) controller.abort();
});

/** Asks the trial route as the form does, on a connection `controller.abort()` drops. */
function askTrial() {
  const controller = new AbortController();
  openRequests.push(controller);
  const query = new URLSearchParams({
    service: "signals",
    metricName: "vss.speed",
    condition: BAND,
    coolDownPeriod: "0",
    tokenIds: String(VEHICLE),
  });
  const response = trialGet(
    new Request(`http://localhost:3000/api/webhooks/trial?${query.toString()}`, { signal: controller.signal }),
  );
  return { response, controller };
}

/** Starts the cap's worth of trials whose Telemetry API reads the sandbox holds, once all of them are reading. */
async function holdCapOfTrials() {
  await suite.control.injectFault({
    method: "POST",
    path: "/telemetry/query",
    latencyMs: HELD_MS,
    times: MAX_LONG_READS_PER_SESSION,
  });
  const held = Array.from({ length: MAX_LONG_READS_PER_SESSION }, askTrial);
  await vi.waitFor(async () => expect(await suite.control.listFaults()).toEqual([]), { timeout: 60_000 });
  return held;
}

describe("the history trial as a long read", () => {
  it("refuses a trial past the cap with 429, words and Retry-After, reading nothing", async () => {
    await holdCapOfTrials();
    const before = (await suite.control.stats()).total;
    const refused = await askTrial().response;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: "RATE_LIMITED", message: REFUSAL, retryable: true } });
    expect((await suite.control.stats()).total).toBe(before);
  }, 90_000);

  it("frees a slot when a trial's client goes away, and when a trial ends", async () => {
    const [first] = await holdCapOfTrials();
    expect((await askTrial().response).status).toBe(429);
    first?.controller.abort();
    // The aborted trial's slot: this one runs (the sandbox holds no more requests) and ends.
    const ran = await askTrial().response;
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ vehicles: [{ tokenId: VEHICLE, error: null }] });
    // Had the ended trial kept its slot, the held three and it would fill the cap.
    expect((await askTrial().response).status).toBe(200);
  }, 90_000);
});
