import { describe, expect, it } from "vitest";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { VEHICLE_IDS } from "../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { RateLimiter } from "./rate-limit";

describe("RateLimiter", () => {
  it("allows the limit per second per token and service, then asks to retry after a second", () => {
    const limiter = new RateLimiter();
    const second = 1_000_000;
    for (let i = 0; i < 9; i++) expect(limiter.hit("trips", "a", second + i)).toBeNull();
    expect(limiter.hit("trips", "a", second + 500)).toBe(1);
    expect(limiter.hit("trips", "b", second + 500)).toBeNull();
    expect(limiter.hit("valuations", "a", second + 500)).toBeNull();
    expect(limiter.hit("trips", "a", second + 1000)).toBeNull();
    limiter.reset();
  });
});

describe("rate limiting, when on", () => {
  const suite = setUpSandbox({ rateLimit: true });

  it("answers 429 with Retry-After past 9 trips requests a second for one token", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]);
    const url = `${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.exactly100}/trips`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(url, { bearer: token })));
    const limited = answers.filter((a) => a.status === 429);
    const served = answers.filter((a) => a.status === 200);
    expect(served.length + limited.length).toBe(30);
    // 30 requests span at most two one-second windows: at most 18 get through.
    expect(served.length).toBeGreaterThanOrEqual(9);
    expect(served.length).toBeLessThanOrEqual(18);
    expect(limited[0]?.headers.get("retry-after")).toBe("1");
    expect(limited[0]?.body).toEqual({ code: 429, message: "Too Many Requests" });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await request(url, { bearer: token })).status).toBe(200);
    // A reset forgets the windows.
    await Promise.all(Array.from({ length: 12 }, () => request(url, { bearer: token })));
    await suite.control.reset();
    expect((await request(url, { bearer: token })).status).toBe(200);
  });

  it("limits the token exchange at 100 a second", async () => {
    const developer = await suite.developerJwt();
    const body = { nftContractAddress: VEHICLE_NFT_CONTRACT, privileges: [1], tokenId: VEHICLE_IDS.manyTrips };
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 220 }, () =>
        request(`${suite.url}/token-exchange/v1/tokens/exchange`, { method: "POST", bearer: developer, json: body }),
      ),
    );
    // On a busy machine the burst spreads over more than a second: the limit allows 100 in every second it took.
    const seconds = Math.ceil((performance.now() - started) / 1000);
    const served = answers.filter((a) => a.status === 200).length;
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(served).toBeLessThanOrEqual(100 * (seconds + 1));
  });
});

describe("rate limiting, by default", () => {
  const suite = setUpSandbox();

  it("is off", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]);
    const url = `${suite.url}/trips/v1/vehicle/${VEHICLE_IDS.exactly100}/trips`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(url, { bearer: token })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});
