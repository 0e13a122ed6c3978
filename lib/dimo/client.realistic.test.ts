import { afterEach, describe, expect, it } from "vitest";
import { sandboxConfig, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { describeError } from "./describe-error";

/**
 * The client against the sandbox's realistic profile, which behaves like DIMO's real network where the two differ:
 * HTML errors from the auth service, the 7-day refusal of a repeat instant-offer request, and offer sets kept after
 * they lapse with their links blanked.
 */

const sandbox = setUpSandbox({ profile: "realistic", instantOfferDelayMs: 300 });

afterEach(async () => {
  await sandbox.control.resetClock();
});

const withLicense = (license: Partial<ReturnType<typeof sandboxConfig>["license"]>) => {
  const config = sandboxConfig(sandbox.url);
  return testClient(sandbox.url, { config: { ...config, license: { ...config.license, ...license } } }).client;
};

describe("sign-in of the license, as the real auth service judges it", () => {
  it("works with a redirect URI registered with its trailing slash, sent exactly so", async () => {
    const client = withLicense({ domain: "http://localhost:3000/" });
    expect((await client.listTrips(21957, 1)).trips.length).toBe(100);
  });

  it("reads the HTML error pages and names the setting to check", async () => {
    // The Developer JWT alone: a vehicle call would stop earlier, at the identity API, which knows no such license.
    const unknownClient = await withLicense({ clientId: "0x1111111111111111111111111111111111111111" })
      .refreshDeveloperToken()
      .catch((error: unknown) => error);
    expect(describeError(unknownClient).message).toBe(
      "DIMO's authentication service does not know this license's client id. Check DIMO_CLIENT_ID.",
    );
    const unregistered = await withLicense({ domain: "https://not-registered.example" })
      .refreshDeveloperToken()
      .catch((error: unknown) => error);
    expect(describeError(unregistered).message).toBe(
      "DIMO_DOMAIN is not one of the license's registered redirect URIs. Check it in the DIMO developer console.",
    );
  });
});

describe("instant offers, as the real valuations service answers them", () => {
  it("refuses a second request within 7 days, and the client says until when", async () => {
    const { client } = testClient(sandbox.url);
    await client.requestInstantOffer(13004);
    const [latest] = await client.listOffers(13004);
    if (!latest) throw new Error("the request left no offers");
    const refused = await client.requestInstantOffer(13004).catch((error: unknown) => error);
    const next = new Date(Date.parse(latest.updated) + 7 * 86_400_000).toISOString().slice(0, 16).replace("T", " ");
    expect(describeError(refused)).toMatchObject({ code: "OFFER_ALREADY_REQUESTED", retryable: false });
    expect(describeError(refused).message).toContain(`the next can be made from ${next} UTC`);
  });

  it("keeps the latest set after 7 days: shown expired, prices kept, links gone", async () => {
    const { client } = testClient(sandbox.url);
    await client.requestInstantOffer(12345);
    const [fresh] = await client.listOffers(12345);
    expect(fresh?.expired).toBe(false);
    expect(fresh?.offers.some((offer) => offer.url !== null)).toBe(true);

    // Eight days pass, for the service and the dashboard alike.
    const eightDays = 8 * 86_400;
    await sandbox.control.advanceClock(eightDays);
    const later = testClient(sandbox.url, { now: () => Date.now() + eightDays * 1000 }).client;
    const [lapsed] = await later.listOffers(12345);
    expect(lapsed).toMatchObject({ updated: fresh?.updated, expired: true });
    expect(lapsed?.offers.map((offer) => offer.price)).toEqual(fresh?.offers.map((offer) => offer.price));
    expect(lapsed?.offers.every((offer) => offer.url === null)).toBe(true);
  });
});
