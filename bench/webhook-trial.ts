import { describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { DIMO_RATE_LIMITS, type DimoService } from "@/lib/protocol";
import { runTrial } from "@/lib/server/webhook-trial";
import { TRIAL_DAYS } from "@/lib/models/webhook-trial";
import { setUpSandboxProcess } from "@/test-support/sandbox";
import { summarize } from "./stats";
import { sized } from "./size";

/**
 * `npm run bench:webhook-trial`: "try it on history" over the first ten vehicles of the demo license, through the
 * app's own client against a sandbox in its own process. Prints the warm time of a 7-day trial (budget 2 s, median
 * of warm runs), the Telemetry, Trips and other requests one trial costs, and how long those requests take at DIMO's
 * rate limits. Runs under Vitest for its module mocks; the speed and location trials are measured separately because
 * they read the history through different queries; the HDOP trial reads what the location one does. A test fails when
 * a vehicle could not be read; the budget is printed, pass or FAIL, as every bench's is, for a busy machine misses it.
 */

vi.mock("@/lib/auth/session", () => ({
  getSession: async (): Promise<DashboardSession> => ({
    address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd",
    role: "owner",
  }),
}));

const WARM_RUNS = sized(5, 1);
const BUDGET_MS = 2_000;
const { control } = setUpSandboxProcess();

/** Requests per service prefix of the sandbox (`/telemetry`, `/trips`, ...), from its counters. */
function perService(routes: Record<string, number>): Partial<Record<DimoService, number>> {
  const prefixes: Record<string, DimoService> = {
    telemetry: "telemetry",
    trips: "trips",
    identity: "identity",
    "token-exchange": "tokenExchange",
    auth: "auth" as DimoService,
  };
  const counts: Partial<Record<DimoService, number>> = {};
  for (const [route, n] of Object.entries(routes)) {
    const prefix = route.split(" ")[1]?.split("/")[1] ?? "";
    const service = prefixes[prefix];
    if (service) counts[service] = (counts[service] ?? 0) + n;
  }
  return counts;
}

/** The least time the requests take at DIMO's limits: each service's count over its requests a second. */
const atRateLimits = (counts: Partial<Record<DimoService, number>>) =>
  Math.max(...Object.entries(counts).map(([service, n]) => n / (DIMO_RATE_LIMITS[service as DimoService] ?? Infinity)));

const TRIALS = [
  { label: "speed > 60", service: "signals", metricName: "vss.speed", condition: "valueNumber > 60" },
  {
    label: "more than 5 km from a point",
    service: "signals",
    metricName: "vss.currentLocationCoordinates",
    condition: "geoDistance(value.latitude, value.longitude, 52.52, 13.405) > 5",
  },
  {
    label: "a fix with an HDOP over 1",
    service: "signals",
    metricName: "vss.currentLocationCoordinates",
    condition: "value.hdop > 1.0",
  },
] as const;

describe(`a ${TRIAL_DAYS}-day history trial over ten vehicles`, () => {
  for (const spec of TRIALS) {
    it(
      `${spec.label}: every vehicle read, and the warm time against ${BUDGET_MS} ms`,
      { timeout: 300_000 },
      async () => {
        const input = { ...spec, coolDownPeriod: 0 };
        await control.resetStats();
        let started = performance.now();
        const cold = await runTrial(input);
        const coldMs = performance.now() - started;
        const coldCounts = perService((await control.stats()).routes);

        const warm: number[] = [];
        let warmCounts: Partial<Record<DimoService, number>> = {};
        for (let run = 0; run < WARM_RUNS; run += 1) {
          await control.resetStats();
          started = performance.now();
          await runTrial(input);
          warm.push(performance.now() - started);
          warmCounts = perService((await control.stats()).routes);
        }
        const time = summarize(warm);
        const readings = cold.vehicles.reduce((sum, vehicle) => sum + vehicle.readings, 0);
        console.log(
          [
            `\n${spec.label}: ${cold.vehicles.length} vehicles, ${readings} readings, fired ${cold.fired} times`,
            `  cold ${coldMs.toFixed(0)} ms; requests ${JSON.stringify(coldCounts)}`,
            `  warm (${time.count} runs) median ${time.median.toFixed(0)} ms, max ${time.max.toFixed(0)} ms; budget ${BUDGET_MS} ms: ${time.median <= BUDGET_MS ? "pass" : "FAIL"}`,
            `  warm requests ${JSON.stringify(warmCounts)}: at DIMO's rate limits at least ${atRateLimits(warmCounts).toFixed(2)} s`,
            `  Telemetry API requests a trial: ${warmCounts.telemetry ?? 0} (${DIMO_RATE_LIMITS.telemetry} a second allowed)`,
            ...cold.vehicles.flatMap((vehicle) =>
              vehicle.error ? [`  vehicle ${vehicle.tokenId}: ${vehicle.error}`] : [],
            ),
          ].join("\n"),
        );
        expect(cold.vehicles.filter((vehicle) => vehicle.error !== null)).toEqual([]);
      },
    );
  }
});
