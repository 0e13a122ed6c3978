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
    // A frozen clock: the burst lands in one instant however slowly a busy machine delivers it, and the next second
    // begins when the test moves the clock.
    await suite.control.freezeClock();
    await suite.control.advanceClock(1);
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(url, { bearer: token })));
    const limited = answers.filter((a) => a.status === 429);
    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(9);
    expect(limited).toHaveLength(21);
    expect(limited[0]?.headers.get("retry-after")).toBe("1");
    expect(limited[0]?.body).toEqual({ code: 429, message: "Too Many Requests" });

    await suite.control.advanceClock(0.999);
    expect((await request(url, { bearer: token })).status).toBe(429);
    await suite.control.advanceClock(0.001);
    expect((await request(url, { bearer: token })).status).toBe(200);
    // A reset forgets the windows.
    await Promise.all(Array.from({ length: 12 }, () => request(url, { bearer: token })));
    await suite.control.reset();
    expect((await request(url, { bearer: token })).status).toBe(200);
  });

  it("limits the token exchange at 100 a second", async () => {
    const developer = await suite.developerJwt();
    const body = { nftContractAddress: VEHICLE_NFT_CONTRACT, privileges: [1], tokenId: VEHICLE_IDS.manyTrips };
    await suite.control.freezeClock();
    await suite.control.advanceClock(1);
    const answers = await Promise.all(
      Array.from({ length: 120 }, () =>
        request(`${suite.url}/token-exchange/v1/tokens/exchange`, { method: "POST", bearer: developer, json: body }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    await suite.control.reset();
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
