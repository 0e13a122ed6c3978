import { afterAll, describe, expect, it } from "vitest";
import { fleetProgressText } from "@/lib/fleet/progress";
import { DIMO_RATE_LIMITS, type DimoService } from "@/lib/protocol";
import { fleetPositions } from "@/lib/server/fleet";
import { isReadable } from "@/lib/server/fleet/schedule";
import { vehicleRoster } from "@/lib/server/roster";
import { setUpSandboxProcess } from "@/test-support/sandbox";
import { describeMachine, loadAverageNow, runHeader } from "./machine";
import { round } from "./stats";
import { sized } from "./size";

/**
 * `npm run bench:fleet-positions`: the position refresher on a license with 10,000 more vehicles (`--fleet 10000`,
 * the realistic profile: DIMO's rate limits, refusals as 429 or 503), through the app's own client, paced at DIMO's
 * limits, and its own roster and refresher, in one process with memory stores. Runs the
 * refresher for BENCH_SECONDS (60 by default) once the roster is read, then prints each service's requests a second
 * (on average, and the most in any second), the requests refused, positions a minute, the time the whole fleet takes
 * at that pace, and the progress line a person sees.
 */

const FLEET_SIZE = sized(10_000, 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(60, 10));
const SERVICES: readonly DimoService[] = ["telemetry", "tokenExchange", "identity"];

const loadAtStart = loadAverageNow();
const { control } = setUpSandboxProcess({
  args: ["--fleet", String(FLEET_SIZE), "--profile", "realistic", "--no-live"],
  env: { DIMO_RATE_LIMITS: "on" },
});
const originalFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = originalFetch;
});

/** The most requests sent in any one second: a sliding window over the send times, oldest first. */
function busiestSecond(times: readonly number[]): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while ((times[last] as number) - (times[first] as number) >= 1_000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const serviceOf = (url: string): DimoService | null =>
  url.includes("/telemetry/")
    ? "telemetry"
    : url.includes("/token-exchange/")
      ? "tokenExchange"
      : url.includes("/identity/")
        ? "identity"
        : null;

describe(`fleet positions of a license with ${FLEET_SIZE} more vehicles`, () => {
  it("reports the refresher's pace at DIMO's limits", async () => {
    const sent = new Map<DimoService, number[]>(SERVICES.map((service) => [service, []]));
    let recording = false;
    // The app's client fetches through globalThis.fetch at each request: the send times are taken there.
    globalThis.fetch = (input, init) => {
      const service = serviceOf(input instanceof Request ? input.url : String(input));
      if (recording && service) sent.get(service)?.push(Date.now());
      return originalFetch(input, init);
    };
    const roster = vehicleRoster();
    const rosterStarted = performance.now();
    await roster.settle();
    const rosterSeconds = round((performance.now() - rosterStarted) / 1000, 1);
    const vehicles = (await roster.vehicles()).vehicles;
    const readable = vehicles.filter((vehicle) => isReadable(vehicle, Date.now())).length;

    const positions = fleetPositions();
    await control.resetStats();
    recording = true;
    const started = Date.now();
    await positions.read();
    const lines: string[] = [];
    for (let second = 10; second <= SECONDS; second += 10) {
      await new Promise((resolve) => setTimeout(resolve, started + second * 1_000 - Date.now()));
      lines.push(`  after ${second} s: ${fleetProgressText((await positions.read()).progress)}`);
    }
    await positions.refresher.stop();
    recording = false;
    const elapsed = (Date.now() - started) / 1000;
    const stats = await control.stats();
    const view = await positions.read();
    await positions.refresher.stop();

    const read = positions.refresher.readCount;
    const perSecond = read / elapsed;
    const pace = Object.fromEntries(
      SERVICES.map((service) => {
        const times = sent.get(service) ?? [];
        return [
          service,
          {
            requests: times.length,
            perSecond: round(times.length / elapsed, 2),
            busiestSecond: busiestSecond(times),
            limit: DIMO_RATE_LIMITS[service],
          },
        ];
      }),
    );

    console.log(runHeader(new Date().toISOString(), describeMachine(loadAtStart)));
    console.log(
      `roster: ${vehicles.length} vehicles (${readable} whose grant opens a signal) read in ${rosterSeconds} s; ` +
        `then the refresher for ${round(elapsed, 1)} s`,
    );
    console.log("requests a second, per service, sent by the refresher:");
    console.table(pace);
    const within = Object.values(pace).every((row) => row.limit === undefined || row.busiestSecond <= row.limit);
    console.log(`refused by the sandbox's rate limits: ${stats.refused}`);
    console.log(`budget, 0 requests over DIMO's limits: ${stats.refused === 0 && within ? "ok" : "FAIL"}`);
    console.log(`positions a minute: ${round(perSecond * 60, 0)} (${read} vehicles read)`);
    console.log(
      `the whole fleet at this pace: ${round(readable / perSecond / 60, 1)} min; ` +
        `the progress line's estimate for the rest: ${round((view.progress.remainingSeconds ?? 0) / 60, 1)} min`,
    );
    console.log("progress line:");
    console.log(lines.join("\n"));
    console.log(`  at the end: ${fleetProgressText(view.progress)}`);

    expect(stats.refused).toBe(0);
    expect(read).toBeGreaterThan(0);
  }, 900_000);
});
