import { Agent } from "node:http";
import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { ALL_SIGNALS } from "@/sandbox/telemetry/signals";
import { type Summary, summarize } from "./stats";
import { timedQuery } from "./timed-query";
import { sized } from "./size";

/**
 * The sandbox's Telemetry API under measurement, sequentially with a warm Vehicle JWT over a keep-alive connection:
 * `signalsLatest` with every signal, and a one-day `signals` query at 5-minute buckets over the signals a dashboard
 * charts, each time for a different day of the last 60 (so each day's routes are generated afresh, as on a first
 * view), then the same day again (routes cached). Shared by `npm run bench` (item 5) and scripts/measure-telemetry.ts.
 */

export const TELEMETRY_SAMPLES = sized(60, 3);
const WARM_UP = sized(10, 1);
const DAY_MS = 86_400_000;

export const LATEST_QUERY = `query Latest($tokenId: Int!) {
  signalsLatest(tokenId: $tokenId) {
    lastSeen
    speed { timestamp value }
    powertrainTransmissionTravelledDistance { timestamp value }
    powertrainTractionBatteryStateOfChargeCurrent { timestamp value }
    powertrainFuelSystemRelativeLevel { timestamp value }
    powertrainRange { timestamp value }
    isIgnitionOn { timestamp value }
    exteriorAirTemperature { timestamp value }
    lowVoltageBatteryCurrentVoltage { timestamp value }
    powertrainType { timestamp value }
    currentLocationHeading { timestamp value }
    currentLocationCoordinates { timestamp value { latitude longitude hdop } }
    currentLocationApproximateCoordinates { timestamp value { latitude longitude hdop } }
  }
}`;

export const DAY_QUERY = `query Day($tokenId: Int!, $from: Time!, $to: Time!) {
  signals(tokenId: $tokenId, interval: "5m", from: $from, to: $to) {
    timestamp
    speed(agg: AVG)
    maxSpeed: speed(agg: MAX)
    powertrainTransmissionTravelledDistance(agg: LAST)
    powertrainTractionBatteryStateOfChargeCurrent(agg: LAST)
    powertrainFuelSystemRelativeLevel(agg: LAST)
    isIgnitionOn(agg: MAX)
    exteriorAirTemperature(agg: AVG)
    currentLocationCoordinates(agg: LAST) { latitude longitude }
  }
}`;

/**
 * `signalsLatest` for every one of the real schema's signals. The service's complexity limit (100, as the real one's)
 * allows about 30 signals with their timestamp and value in one operation, so every signal takes four requests; one
 * sample is all four.
 */
const SIGNALS_PER_REQUEST = 30;
export const ALL_SIGNALS_QUERIES: readonly string[] = Array.from(
  { length: Math.ceil(ALL_SIGNALS.length / SIGNALS_PER_REQUEST) },
  (_, part) => `query AllLatest($tokenId: Int!) {
  signalsLatest(tokenId: $tokenId) {
    lastSeen
${ALL_SIGNALS.slice(part * SIGNALS_PER_REQUEST, (part + 1) * SIGNALS_PER_REQUEST)
  .map((signal) =>
    signal.kind === "location"
      ? `    ${signal.name} { timestamp value { latitude longitude hdop } }`
      : `    ${signal.name} { timestamp value }`,
  )
  .join("\n")}
  }
}`,
);

export const EVENTS_QUERY = `query Week($tokenId: Int!, $from: Time!, $to: Time!) {
  events(tokenId: $tokenId, from: $from, to: $to) { timestamp name source durationNs metadata }
}`;

export interface VehicleTelemetryResults {
  tokenId: number;
  latest: Summary;
  /** A different day each request: the routes of that day's trips are generated. */
  dayCold: Summary;
  /** The same day again: routes come from the cache. */
  dayWarm: Summary;
  /** Buckets the last day query answered with. */
  buckets: number;
  /** `signalsLatest` with all 117 signals, in as many requests as the complexity limit needs. */
  latestAll?: Summary;
  /** Seven days of `events`, a different week each request (the routes of its lively trips are planned). */
  eventsCold?: Summary;
  /** The same seven days again (events cached per trip). */
  eventsWarm?: Summary;
  /** Events the last seven-day query answered with. */
  events?: number;
}

export interface SandboxTelemetryResults {
  vehicles: VehicleTelemetryResults[];
}

export const TELEMETRY_BUDGETS = {
  latestMedianMs: 10,
  dayMedianMs: 50,
  latestAllMedianMs: 15,
  eventsWeekMedianMs: 30,
} as const;

const timed = (agent: Agent, url: string, token: string, body: string) =>
  timedQuery("telemetry", agent, url, token, body);

export async function measureSandboxTelemetry(
  sandboxUrl: string,
  tokenIds: readonly number[],
): Promise<SandboxTelemetryResults> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${sandboxUrl}/telemetry/query`;
  const developer = await getDeveloperJwt(sandboxUrl);
  const vehicles: VehicleTelemetryResults[] = [];
  try {
    for (const tokenId of tokenIds) {
      const token = await getVehicleJwt(sandboxUrl, developer, tokenId, [1, 4]);
      const latestBody = JSON.stringify({ query: LATEST_QUERY, variables: { tokenId } });
      for (let i = 0; i < WARM_UP; i++) await timed(agent, url, token, latestBody);
      const latest: number[] = [];
      for (let i = 0; i < TELEMETRY_SAMPLES; i++) latest.push((await timed(agent, url, token, latestBody)).ms);

      const dayBody = (daysAgo: number) => {
        const to = Date.now() - daysAgo * DAY_MS;
        return JSON.stringify({
          query: DAY_QUERY,
          variables: { tokenId, from: new Date(to - DAY_MS).toISOString(), to: new Date(to).toISOString() },
        });
      };
      await timed(agent, url, token, dayBody(100));
      const cold: number[] = [];
      for (let i = 0; i < TELEMETRY_SAMPLES; i++) cold.push((await timed(agent, url, token, dayBody(i))).ms);
      const warm: number[] = [];
      let last = "";
      for (let i = 0; i < TELEMETRY_SAMPLES; i++) {
        const answer = await timed(agent, url, token, dayBody(1));
        warm.push(answer.ms);
        last = answer.text;
      }
      const buckets = (JSON.parse(last) as { data: { signals: unknown[] | null } }).data.signals?.length ?? 0;

      const allBodies = ALL_SIGNALS_QUERIES.map((query) => JSON.stringify({ query, variables: { tokenId } }));
      const allSignals = async () => {
        let ms = 0;
        for (const body of allBodies) ms += (await timed(agent, url, token, body)).ms;
        return ms;
      };
      for (let i = 0; i < WARM_UP; i++) await allSignals();
      const latestAll: number[] = [];
      for (let i = 0; i < TELEMETRY_SAMPLES; i++) latestAll.push(await allSignals());

      const weekBody = (weeksAgo: number) => {
        const to = Date.now() - weeksAgo * 7 * DAY_MS;
        return JSON.stringify({
          query: EVENTS_QUERY,
          variables: { tokenId, from: new Date(to - 7 * DAY_MS).toISOString(), to: new Date(to).toISOString() },
        });
      };
      const eventsCold: number[] = [];
      for (let i = 0; i < TELEMETRY_SAMPLES / 3; i++)
        eventsCold.push((await timed(agent, url, token, weekBody(i + 1))).ms);
      const eventsWarm: number[] = [];
      let lastWeek = "";
      for (let i = 0; i < TELEMETRY_SAMPLES; i++) {
        const answer = await timed(agent, url, token, weekBody(1));
        eventsWarm.push(answer.ms);
        lastWeek = answer.text;
      }
      const events = (JSON.parse(lastWeek) as { data: { events: unknown[] | null } }).data.events?.length ?? 0;
      const result: VehicleTelemetryResults = {
        tokenId,
        latest: summarize(latest),
        dayCold: summarize(cold),
        dayWarm: summarize(warm),
        buckets,
        latestAll: summarize(latestAll),
        eventsCold: summarize(eventsCold),
        eventsWarm: summarize(eventsWarm),
        events,
      };
      console.log(describeTelemetryExtras(result));
      vehicles.push(result);
    }
  } finally {
    agent.destroy();
  }
  return { vehicles };
}

/** One line of the added measurements, against their budgets (medians). */
export function describeTelemetryExtras(result: VehicleTelemetryResults): string {
  const ms = (summary: Summary | undefined) =>
    summary ? `${summary.median.toFixed(1)} ms (p95 ${summary.p95.toFixed(1)})` : "not measured";
  return (
    `telemetry ${result.tokenId}: signalsLatest, all ${ALL_SIGNALS.length} signals ` +
    `(${ALL_SIGNALS_QUERIES.length} requests) ${ms(result.latestAll)} ` +
    `[budget ${TELEMETRY_BUDGETS.latestAllMedianMs} ms]; 7 days of events (${result.events ?? 0}) ` +
    `same week ${ms(result.eventsWarm)}, a new week each time ${ms(result.eventsCold)} ` +
    `[budget ${TELEMETRY_BUDGETS.eventsWeekMedianMs} ms]`
  );
}
