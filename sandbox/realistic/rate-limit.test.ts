import { beforeEach, describe, expect, it } from "vitest";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { RATE_LIMITS, RateLimiter } from "../control/rate-limit";
import { VEHICLE_IDS } from "../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";

const TRIPS_ROUTE = "GET /trips/v1/vehicle/:tokenId/trips";

describe("RateLimiter's sliding window", () => {
  it("accepts at most N requests in any 1,000 ms, refused ones not counting", () => {
    const limiter = new RateLimiter();
    const t = 5_000_000;
    // Nine spread over the first 800 ms, then a tenth at 900 ms is refused...
    for (let i = 0; i < 9; i++) expect(limiter.hit("trips", "a", t + i * 100)).toBeNull();
    expect(limiter.hit("trips", "a", t + 900)).toBe(1);
    // ...and at 1,000 ms the first has left the window: one more fits, not two.
    expect(limiter.hit("trips", "a", t + 1000)).toBeNull();
    expect(limiter.hit("trips", "a", t + 1050)).toBe(1);
    expect(limiter.hit("trips", "a", t + 1100)).toBeNull();
  });

  it("never refuses a client that sends N evenly spaced requests a second", () => {
    const limiter = new RateLimiter();
    for (const service of ["trips", "identity", "token-exchange", "telemetry"] as const) {
      const limit = RATE_LIMITS[service];
      for (let i = 0; i < limit * 5; i++)
        expect(limiter.hit(service, "steady", Math.ceil((i * 1000) / limit))).toBeNull();
    }
  });

  it("gives 429 and 503 in turn, from 429 again after a reset", () => {
    const limiter = new RateLimiter();
    expect([1, 2, 3, 4].map(() => limiter.nextRefusalStatus())).toEqual([429, 503, 429, 503]);
    limiter.reset();
    expect(limiter.nextRefusalStatus()).toBe(429);
  });
});

describe("rate limits (realistic)", () => {
  const suite = setUpSandbox({ profile: "realistic" });
  const tripsUrl = (tokenId: number) => `${suite.url}/trips/v1/vehicle/${tokenId}/trips`;

  // Each test runs on a frozen sandbox clock: a burst lands in one instant and a second passes when the test says so,
  // however slowly a busy machine delivers the requests. The reset lets the clock run again.
  beforeEach(async () => {
    await suite.control.reset();
    suite.forgetTokens();
  });
  /** Tokens are fetched first (the exchange is limited too), then the clock stops and a fresh second begins. */
  const freshSecond = async () => {
    await suite.control.freezeClock();
    await suite.control.advanceClock(1);
  };

  it("refuses trips requests past 9 a second with 429 or 503, without Retry-After, and counts each refusal", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]);
    await freshSecond();
    await suite.control.resetStats();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => request(tripsUrl(VEHICLE_IDS.exactly100), { bearer: token })),
    );
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(served).toHaveLength(9);
    expect(refused.every((a) => a.status === 429 || a.status === 503)).toBe(true);
    const tooMany = refused.filter((a) => a.status === 429).length;
    expect([tooMany, refused.length - tooMany]).toEqual([8, 7]);
    for (const answer of refused) {
      expect(answer.headers.get("retry-after")).toBeNull();
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      expect(answer.text).toContain(String(answer.status));
    }

    const stats = await suite.control.stats();
    expect(stats.refused).toBe(refused.length);
    expect(stats.refusedRoutes).toEqual({ [TRIPS_ROUTE]: refused.length });
    expect(stats.routes[TRIPS_ROUTE]).toBe(24);
    await suite.control.resetStats();
    expect((await suite.control.stats()).refused).toBe(0);
  });

  it("limits per client: two vehicles' tokens of one license share the 9 a second", async () => {
    const a = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]);
    const b = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [4]);
    await freshSecond();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => request(tripsUrl(VEHICLE_IDS.exactly100), { bearer: a })),
      ...Array.from({ length: 6 }, () => request(tripsUrl(VEHICLE_IDS.manyTrips), { bearer: b })),
    ]);
    expect(answers.filter((x) => x.status === 200)).toHaveLength(9);
    expect((await suite.control.stats()).refused).toBe(3);
  });

  it("never refuses a client that keeps to 9 trips requests a second", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]);
    await freshSecond();
    await suite.control.resetStats();
    for (let burst = 0; burst < 3; burst++) {
      if (burst > 0) await suite.control.advanceClock(1);
      const answers = await Promise.all(
        Array.from({ length: 9 }, () => request(tripsUrl(VEHICLE_IDS.exactly100), { bearer: token })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    }
    expect((await suite.control.stats()).refused).toBe(0);
  });

  it("limits valuations at 9 a second as well", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    await freshSecond();
    const url = `${suite.url}/valuations/v2/vehicles/${VEHICLE_IDS.manyTrips}/valuations`;
    const answers = await Promise.all(Array.from({ length: 15 }, () => request(url, { bearer: token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    expect((await suite.control.stats()).refusedRoutes["GET /valuations/v2/vehicles/:tokenId/valuations"]).toBe(6);
  });

  it("limits the Telemetry API at 9 a second per license", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    await freshSecond();
    const body = { query: `{ signalsLatest(tokenId: ${VEHICLE_IDS.manyTrips}) { lastSeen } }` };
    const answers = await Promise.all(
      Array.from({ length: 14 }, () =>
        request(`${suite.url}/telemetry/query`, { method: "POST", bearer: token, json: body }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    expect((await suite.control.stats()).refusedRoutes["POST /telemetry/query"]).toBe(5);
  });

  it("limits the identity API at 50 a second per address", async () => {
    const body = { query: "{ vehicle(tokenId: 21957) { tokenId } }" };
    await freshSecond();
    const answers = await Promise.all(
      Array.from({ length: 70 }, () => request(`${suite.url}/identity/query`, { method: "POST", json: body })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    expect((await suite.control.stats()).refusedRoutes["POST /identity/query"]).toBe(20);
  });

  it("limits the token exchange at 100 a second per license", async () => {
    const developer = await suite.developerJwt();
    await freshSecond();
    const body = { nftContractAddress: VEHICLE_NFT_CONTRACT, privileges: [1], tokenId: VEHICLE_IDS.manyTrips };
    const answers = await Promise.all(
      Array.from({ length: 115 }, () =>
        request(`${suite.url}/token-exchange/v1/tokens/exchange`, { method: "POST", bearer: developer, json: body }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect((await suite.control.stats()).refusedRoutes["POST /token-exchange/v1/tokens/exchange"]).toBe(15);
  });
});

describe("--rate-limit in the default profile", () => {
  const suite = setUpSandbox({ rateLimit: true });

  it("counts its 429 refusals too, and leaves the identity API alone", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]);
    await suite.control.freezeClock();
    await suite.control.advanceClock(1);
    await suite.control.resetStats();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        request(`${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.exactly100}/trips`, { bearer: token }),
      ),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0]?.headers.get("retry-after")).toBe("1");
    expect((await suite.control.stats()).refused).toBe(refused.length);

    const identity = await Promise.all(
      Array.from({ length: 70 }, () =>
        request(`${suite.url}/identity/query`, {
          method: "POST",
          json: { query: "{ vehicle(tokenId: 21957) { tokenId } }" },
        }),
      ),
    );
    expect(identity.every((a) => a.status === 200)).toBe(true);
  });
});
