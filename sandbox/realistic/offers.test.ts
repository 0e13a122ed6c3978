import { rmSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { type PrivilegeId } from "@/lib/protocol";
import type { OfferSet } from "../seed/valuation-model";
import { VEHICLE_IDS } from "../seed/vehicles";
import { getDeveloperJwt, getVehicleJwt } from "../flow-client";
import { startSandbox } from "../server";
import { createTestDataDir } from "@/test-support/sandbox-template";
import { request, setUpSandbox } from "@/test-support/sandbox";

// Long enough that an answer given "at once" comes well within it on a busy machine.
const DELAY_MS = 2_000;
const suite = setUpSandbox({ profile: "realistic", instantOfferDelayMs: DELAY_MS });
const DAY_SECONDS = 24 * 60 * 60;
const VEHICLE = VEHICLE_IDS.manyTrips;

async function call(path: "offers" | "instant-offer", privileges: PrivilegeId[] = [1], version = "v2") {
  const url = `${suite.url}/valuations/${version}/vehicles/${VEHICLE}/${path}`;
  return request(url, {
    method: path === "offers" ? "GET" : "POST",
    bearer: await suite.vehicleJwt(VEHICLE, privileges),
  });
}

const offerSets = async () => ((await call("offers")).body as { offerSets: OfferSet[] }).offerSets;

beforeEach(async () => {
  await suite.control.reset();
  suite.forgetTokens();
});

describe("instant offers (realistic)", () => {
  it("answers the POST only after the job is done, then lists the set without expiresAt", async () => {
    expect(await offerSets()).toEqual([]);
    const started = performance.now();
    const requested = await call("instant-offer");
    expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 5);
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ message: "instant offer request completed: PulledAll" });

    const sets = await offerSets();
    expect(sets).toHaveLength(1);
    const set = sets[0] as OfferSet;
    expect(set).not.toHaveProperty("expiresAt");
    expect(Object.keys(set).sort()).toEqual(["mileage", "odometerMeasurementType", "offers", "source", "updated"]);
    const priced = set.offers.filter((offer) => offer.price !== undefined);
    expect(priced.length).toBeGreaterThan(0);
    for (const offer of priced) expect(offer.url).toMatch(/^https:\/\//);
  });

  it("refuses a new request within 7 days of the latest set, at once, with the real service's words", async () => {
    expect((await call("instant-offer", [5])).status).toBe(200);
    const updated = ((await offerSets())[0] as OfferSet).updated;

    await suite.control.advanceClock(7 * DAY_SECONDS - 60);
    suite.forgetTokens();
    const started = performance.now();
    const refused = await call("instant-offer");
    expect(performance.now() - started).toBeLessThan(DELAY_MS);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(refused.body).toEqual({ code: 400, message: "instant offer already requested in last 30 days" });
    // The refusal changes nothing.
    expect(((await offerSets())[0] as OfferSet).updated).toBe(updated);
  });

  it("keeps the latest set after 7 days with its links blanked and prices kept, and accepts a new request then", async () => {
    expect((await call("instant-offer")).status).toBe(200);
    const fresh = (await offerSets())[0] as OfferSet;

    await suite.control.advanceClock(7 * DAY_SECONDS + 1);
    suite.forgetTokens();
    const stale = await offerSets();
    expect(stale).toHaveLength(1);
    const set = stale[0] as OfferSet;
    expect(set.updated).toBe(fresh.updated);
    expect(set).not.toHaveProperty("expiresAt");
    expect(set.offers.map((offer) => offer.price)).toEqual(fresh.offers.map((offer) => offer.price));
    for (const offer of set.offers) {
      if (offer.price !== undefined) expect(offer.url).toBe("");
      else expect(offer).not.toHaveProperty("url");
    }

    expect((await call("instant-offer")).status).toBe(200);
    const renewed = await offerSets();
    expect(renewed).toHaveLength(1);
    expect(Date.parse((renewed[0] as OfferSet).updated)).toBeGreaterThan(Date.parse(fresh.updated));
    expect((renewed[0] as OfferSet).offers.some((offer) => (offer.url ?? "").startsWith("https://"))).toBe(true);
  });

  it("serves the same under v1", async () => {
    expect((await call("instant-offer")).status).toBe(200);
    const v1 = await call("offers", [1], "v1");
    const v2 = await call("offers", [1], "v2");
    expect(v1.text).toBe(v2.text);
  });
});

describe("the realistic profile's instant-offer delay", () => {
  it("is about a minute when no delay is given", async () => {
    const dataDir = await createTestDataDir();
    const sandbox = await startSandbox({ profile: "realistic", port: 0, dataDir, quiet: true });
    try {
      const jwt = await getVehicleJwt(sandbox.url, await getDeveloperJwt(sandbox.url), VEHICLE, [1]);
      let settled = false;
      const pending = request(`${sandbox.url}/valuations/v2/vehicles/${VEHICLE}/instant-offer`, {
        method: "POST",
        bearer: jwt,
      })
        .catch(() => undefined) // closing the sandbox drops the connection
        .finally(() => {
          settled = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(settled).toBe(false);
      await sandbox.close();
      await pending;
    } finally {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
