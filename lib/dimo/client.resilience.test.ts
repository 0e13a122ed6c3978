import { beforeEach, describe, expect, it } from "vitest";
import { describeError } from "./describe-error";
import { count, ROUTES, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";

/** Faults injected into the sandbox, and what the client makes of them. */

const sandbox = setUpSandbox();
const { control } = sandbox;
beforeEach(async () => {
  await control.reset();
  await control.clearFaults();
});

async function warmClient(options: Parameters<typeof testClient>[1] = {}) {
  const harness = testClient(sandbox.url, options);
  await harness.client.listTrips(21957, 1);
  await harness.client.getValuation(21957);
  await control.resetStats();
  harness.activity.length = 0;
  return harness;
}

describe("recovery of idempotent requests", () => {
  it("waits out a 429 with Retry-After, then succeeds", async () => {
    const { client, activity } = await warmClient();
    await control.injectFault({
      method: "GET",
      path: "/trips/v1/vehicle/*/trips",
      status: 429,
      headers: { "Retry-After": "1" },
      times: 1,
    });
    const started = Date.now();
    const page = await client.listTrips(21957, 2);
    expect(page.trips).toHaveLength(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(count(await control.stats(), ROUTES.trips)).toBe(2);
    expect(activity.at(-1)).toMatchObject({ service: "trips", status: 200, attempts: 2 });
  });

  it("retries a 503 from the trips service", async () => {
    const { client } = await warmClient();
    await control.injectFault({ method: "GET", path: "/trips/v1/vehicle/*/trips", status: 503, times: 2 });
    const page = await client.listTrips(21957, 3);
    expect(page.currentPage).toBe(3);
    expect(count(await control.stats(), ROUTES.trips)).toBe(3);
  });

  it("retries a GET that timed out", async () => {
    // The first answer stalls far past the timeout; the timeout leaves the retry room to answer on a busy machine.
    const { client, activity } = await warmClient({ timeoutMs: 3_000 });
    await control.injectFault({
      method: "GET",
      path: "/valuations/v1/vehicles/*/valuations",
      latencyMs: 60_000,
      times: 1,
    });
    const valuation = await client.getValuation(21957);
    expect(valuation).not.toBeNull();
    expect(activity.at(-1)).toMatchObject({ service: "valuations", status: 200, attempts: 2 });
  });

  it("retries the identity query and the exchange too", async () => {
    const { client } = testClient(sandbox.url);
    await control.injectFault({ method: "POST", path: "/identity/query", status: 502, times: 1 });
    await control.injectFault({ method: "POST", path: "/token-exchange/v1/tokens/exchange", status: 503, times: 1 });
    await control.injectFault({ method: "POST", path: "/auth/auth/web3/generate_challenge", status: 504, times: 1 });
    const page = await client.listTrips(18234, 1);
    expect(page.trips).toHaveLength(100);
    const stats = await control.stats();
    expect(count(stats, ROUTES.identity)).toBe(2);
    expect(count(stats, ROUTES.exchange)).toBe(2);
    expect(count(stats, ROUTES.challenge)).toBe(2);
  });

  it("gives up after three attempts and says so in words", async () => {
    const { client } = await warmClient();
    await control.injectFault({ method: "GET", path: "/trips/v1/vehicle/*/trips", status: 503, times: 0 });
    const error = await client.listTrips(21957, 1).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: "UNAVAILABLE", status: 503, retryable: true });
    expect(describeError(error).message).toBe("DIMO's trips service is not answering (503). Try again in a moment.");
    expect(count(await control.stats(), ROUTES.trips)).toBe(3);
  });
});

describe("instant offers (a POST with side effects)", () => {
  it("is not retried after a 503 that came with a response", async () => {
    const { client } = await warmClient();
    await control.injectFault({
      method: "POST",
      path: "/valuations/v1/vehicles/*/instant-offer",
      status: 503,
      times: 1,
    });
    const error = await client.requestInstantOffer(21957).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: "UNAVAILABLE", status: 503 });
    expect(count(await control.stats(), ROUTES.instantOffer)).toBe(1);
  });

  it("is not retried after a timeout, since the service may have received it", async () => {
    const { client } = await warmClient({ instantOfferTimeoutMs: 300 });
    await control.injectFault({
      method: "POST",
      path: "/valuations/v1/vehicles/*/instant-offer",
      latencyMs: 1_500,
      times: 1,
    });
    const error = await client.requestInstantOffer(21957).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: "TIMEOUT" });
    expect(count(await control.stats(), ROUTES.instantOffer)).toBe(1);
  });

  it("shares one upstream POST among concurrent requests for the same vehicle", async () => {
    const { client } = await warmClient();
    const results = await Promise.all(Array.from({ length: 5 }, () => client.requestInstantOffer(21957)));
    expect(new Set(results.map((r) => r.message)).size).toBe(1);
    expect(count(await control.stats(), ROUTES.instantOffer)).toBe(1);
    // Once it is done, a new request goes out again.
    await client.requestInstantOffer(21957);
    expect(count(await control.stats(), ROUTES.instantOffer)).toBe(2);
  });

  it("explains the real service's refusal of a repeat request, with the date the next one is allowed", async () => {
    const { client } = await warmClient();
    // A first request goes through; the real service would refuse the next for 7 days.
    await client.requestInstantOffer(21957);
    await control.injectFault({
      method: "POST",
      path: "/valuations/v1/vehicles/*/instant-offer",
      status: 400,
      body: { code: 400, message: "instant offer already requested in last 30 days" },
      times: 1,
    });
    const error = await client.requestInstantOffer(21957).catch((reason: unknown) => reason);
    // The date of the last request comes from its offers: the next one is allowed 7 days after it.
    const last = (await client.listOffers(21957))[0]?.updated;
    if (!last) throw new Error("the vehicle has no offers to date the last request by");
    const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
    expect(describeError(error)).toEqual({
      code: "OFFER_ALREADY_REQUESTED",
      message:
        `DIMO takes one instant-offer request per vehicle every 7 days. The last request was made on ${utc(Date.parse(last))}; ` +
        `the next can be made from ${utc(Date.parse(last) + 7 * 86_400_000)}. The offers of the last request are shown below.`,
      retryable: false,
    });
  });
});
