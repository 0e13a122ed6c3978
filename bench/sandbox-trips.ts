import { Agent, request } from "node:http";
import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { type Summary, summarize } from "./stats";
import { sized } from "./size";

/**
 * The sandbox's trips endpoint under measurement: sequential latency of one page, and throughput at a fixed
 * concurrency, both with a warm Vehicle JWT over keep-alive connections. Shared by `npm run bench` (item 5) and
 * `scripts/measure-sandbox.ts`.
 */

export const LATENCY_SAMPLES = sized(300, 5);
export const LATENCY_WARM_UP = sized(30, 1);
export const THROUGHPUT_SECONDS = sized(5, 1);
export const THROUGHPUT_CONCURRENCY = 16;

export interface ThroughputResult {
  requests: number;
  perSecond: number;
  failures: number;
  seconds: number;
  concurrency: number;
}

export interface TripsMeter {
  latency(tokenId: number, page: number, samples?: number): Promise<Summary>;
  /** Pages 1..maxPage of the vehicle round-robin, from `concurrency` loops at once, for `seconds`. */
  throughput(
    tokenId: number,
    maxPage: number,
    options?: { seconds?: number; concurrency?: number },
  ): Promise<ThroughputResult>;
  close(): void;
}

export function tripsMeter(sandboxUrl: string, token: string): TripsMeter {
  const agent = new Agent({ keepAlive: true, maxSockets: THROUGHPUT_CONCURRENCY });
  const tripsUrl = (tokenId: number, page: number) => `${sandboxUrl}/trips/v1/vehicle/${tokenId}/trips?page=${page}`;

  const get = (url: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end();
    });

  return {
    async latency(tokenId, page, samples = LATENCY_SAMPLES) {
      const url = tripsUrl(tokenId, page);
      for (let i = 0; i < LATENCY_WARM_UP; i++) await get(url);
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        const status = await get(url);
        times.push(performance.now() - started);
        if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
      }
      return summarize(times);
    },

    async throughput(tokenId, maxPage, options = {}) {
      const seconds = options.seconds ?? THROUGHPUT_SECONDS;
      const concurrency = Math.min(options.concurrency ?? THROUGHPUT_CONCURRENCY, THROUGHPUT_CONCURRENCY);
      const until = performance.now() + seconds * 1000;
      let requests = 0;
      let failures = 0;
      const loop = async (offset: number) => {
        for (let page = offset; performance.now() < until; page = (page % maxPage) + 1) {
          const status = await get(tripsUrl(tokenId, page));
          requests++;
          if (status !== 200) failures++;
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: concurrency }, (_, i) => loop(((i * 61) % maxPage) + 1)));
      const elapsed = (performance.now() - started) / 1000;
      return { requests, perSecond: requests / elapsed, failures, seconds, concurrency };
    },

    close() {
      agent.destroy();
    },
  };
}

export interface SandboxTripsResults {
  tokenId: number;
  page1: Summary;
  page1000: Summary;
  throughput: ThroughputResult;
}

/** Item 5: latency of page 1 and page 1,000 of the 100,000-trip vehicle, then throughput over its 1,000 pages. */
export async function measureSandboxTrips(sandboxUrl: string, tokenId: number): Promise<SandboxTripsResults> {
  const developer = await getDeveloperJwt(sandboxUrl);
  const meter = tripsMeter(sandboxUrl, await getVehicleJwt(sandboxUrl, developer, tokenId, [4]));
  try {
    const page1 = await meter.latency(tokenId, 1);
    const page1000 = await meter.latency(tokenId, 1000);
    const throughput = await meter.throughput(tokenId, 1000);
    return { tokenId, page1, page1000, throughput };
  } finally {
    meter.close();
  }
}
