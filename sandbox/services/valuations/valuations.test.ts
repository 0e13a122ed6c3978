import { beforeEach, describe, expect, it } from "vitest";
import { type PrivilegeId } from "@/lib/protocol";
import { getVehicleJwt } from "../../flow-client";
import { TEST_INSTANT_OFFER_DELAY_MS } from "@/test-support/sandbox-template";
import type { OfferSet, ValuationSet } from "../../seed/valuation-model";
import { SEED_VEHICLES, VEHICLE_IDS } from "../../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();

const base = (tokenId: number | string, version = "v1") => `${suite.url}/valuations/${version}/vehicles/${tokenId}`;

async function call(tokenId: number, path: string, privileges: PrivilegeId[], init: RequestInit = {}, version = "v1") {
  return request(`${base(tokenId, version)}/${path}`, { ...init, bearer: await suite.vehicleJwt(tokenId, privileges) });
}

beforeEach(async () => {
  await suite.control.reset();
  suite.forgetTokens();
});

describe("valuations", () => {
  it("serves one valuation set with the contract's fields, identically under v1 and v2", async () => {
    const v1 = await call(VEHICLE_IDS.manyTrips, "valuations", [1], {}, "v1");
    const v2 = await call(VEHICLE_IDS.manyTrips, "valuations", [1], {}, "v2");
    expect(v1.status).toBe(200);
    expect(v2.text).toBe(v1.text);
    const { valuationSets } = v1.body as { valuationSets: ValuationSet[] };
    expect(valuationSets).toHaveLength(1);
    const set = valuationSets[0] as ValuationSet;
    expect(Object.keys(set).sort()).toEqual(
      [
        "currency",
        "mileage",
        "odometer",
        "odometerMeasurementType",
        "odometerUnit",
        "retail",
        "retailAverage",
        "retailSource",
        "tradeIn",
        "tradeInAverage",
        "tradeInSource",
        "updated",
        "userDisplayPrice",
        "vendor",
        "zipCode",
      ].sort(),
    );
    expect(set).toMatchObject({
      currency: "USD",
      odometerUnit: "miles",
      odometerMeasurementType: "Real",
      zipCode: "89101",
    });
    for (const key of [
      "mileage",
      "odometer",
      "tradeIn",
      "tradeInAverage",
      "retail",
      "retailAverage",
      "userDisplayPrice",
    ] as const) {
      expect(Number.isInteger(set[key])).toBe(true);
    }
    expect(set.tradeIn).toBeLessThan(set.retail);
    expect(set.userDisplayPrice).toBe(Math.floor((set.retail + set.tradeIn) / 2));
    expect(set.odometer).toBe(set.mileage);
    expect(set.mileage).toBeGreaterThan(2500);
    const msrp = SEED_VEHICLES.find((v) => v.tokenId === VEHICLE_IDS.manyTrips)?.msrpUsd ?? 0;
    expect(set.retail).toBeLessThan(msrp);
  });

  it("values more miles lower, and a vehicle without trips at the market's mileage", async () => {
    const civic = ((await call(VEHICLE_IDS.noTrips, "valuations", [1])).body as { valuationSets: ValuationSet[] })
      .valuationSets[0];
    expect(civic?.odometerMeasurementType).toBe("Market");
    expect(civic?.mileage).toBeGreaterThan(0);
    const f150 = ((await call(VEHICLE_IDS.perf, "valuations", [1])).body as { valuationSets: ValuationSet[] })
      .valuationSets[0];
    expect(f150?.mileage).toBeGreaterThan(100_000);
    expect(f150?.odometerMeasurementType).toBe("Real");
  });

  it("needs privilege 1", async () => {
    const answer = await call(VEHICLE_IDS.noValuationPrivilege, "valuations", [4]);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 401, message: "Unauthorized! Token does not contain required privileges" });
  });
});

describe("instant offers", () => {
  it("starts with no offer sets, takes a while to request, then serves the new set", async () => {
    const empty = await call(VEHICLE_IDS.manyTrips, "offers", [1]);
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('{"offerSets":[]}');

    const started = performance.now();
    const requested = await call(VEHICLE_IDS.manyTrips, "instant-offer", [1], { method: "POST" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(TEST_INSTANT_OFFER_DELAY_MS - 5);
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ message: "instant offer request completed: PulledAll" });

    const { offerSets } = (await call(VEHICLE_IDS.manyTrips, "offers", [1])).body as { offerSets: OfferSet[] };
    expect(offerSets).toHaveLength(1);
    const set = offerSets[0] as OfferSet;
    expect(set.source).toBe("drivly");
    expect(Date.parse(set.expiresAt) - Date.parse(set.updated)).toBe(7 * 24 * 3600_000);
    expect(Math.abs(Date.parse(set.updated) - Date.now())).toBeLessThan(5_000);
    expect(set.offers.map((o) => o.vendor)).toEqual(["carvana", "carmax", "vroom"]);
    for (const offer of set.offers) {
      const kinds = [offer.price !== undefined, offer.declineReason !== undefined, offer.error !== undefined];
      expect(kinds.filter(Boolean)).toHaveLength(1);
      if (offer.price !== undefined) {
        expect(Number.isInteger(offer.price)).toBe(true);
        expect(offer.url).toMatch(/^https:\/\//);
      }
    }
    expect(set.offers.some((o) => o.price !== undefined)).toBe(true);
    const valuation = ((await call(VEHICLE_IDS.manyTrips, "valuations", [1])).body as { valuationSets: ValuationSet[] })
      .valuationSets[0];
    expect(set.mileage).toBe(valuation?.mileage);
  });

  it("replaces the unexpired set on a new request, with the same offers for the vehicle", async () => {
    await call(VEHICLE_IDS.exactly100, "instant-offer", [1], { method: "POST" });
    const first = ((await call(VEHICLE_IDS.exactly100, "offers", [1])).body as { offerSets: OfferSet[] }).offerSets;
    await suite.control.advanceClock(3600);
    suite.forgetTokens();
    await call(VEHICLE_IDS.exactly100, "instant-offer", [1], { method: "POST" });
    const second = ((await call(VEHICLE_IDS.exactly100, "offers", [1])).body as { offerSets: OfferSet[] }).offerSets;
    expect(second).toHaveLength(1);
    expect(Date.parse(second[0]?.updated ?? "")).toBeGreaterThan(Date.parse(first[0]?.updated ?? ""));
    expect(second[0]?.offers).toEqual(first[0]?.offers);
  });

  it("lets the offer set expire 7 days after it was made, by the sandbox clock", async () => {
    await call(VEHICLE_IDS.manyTrips, "instant-offer", [1], { method: "POST" });
    const developer = await suite.developerJwt();
    await suite.control.advanceClock(7 * 24 * 3600 - 60);
    const fresh = await getVehicleJwt(suite.url, developer, VEHICLE_IDS.manyTrips, [1]);
    const before = await request(`${base(VEHICLE_IDS.manyTrips)}/offers`, { bearer: fresh });
    expect((before.body as { offerSets: OfferSet[] }).offerSets).toHaveLength(1);
    await suite.control.advanceClock(61);
    const after = await request(`${base(VEHICLE_IDS.manyTrips)}/offers`, { bearer: fresh });
    expect(after.body).toEqual({ offerSets: [] });
  });

  it("accepts privilege 5 alone for the request, but the offers need privilege 1", async () => {
    const requested = await call(VEHICLE_IDS.noTripsPrivilege, "instant-offer", [5], { method: "POST" });
    expect(requested.status).toBe(200);
    const offers = await call(VEHICLE_IDS.noTripsPrivilege, "offers", [5]);
    expect(offers.status).toBe(401);
    const withOne = await call(VEHICLE_IDS.noTripsPrivilege, "offers", [1]);
    expect((withOne.body as { offerSets: OfferSet[] }).offerSets).toHaveLength(1);
    const noPrivilege = await call(VEHICLE_IDS.noValuationPrivilege, "instant-offer", [4], { method: "POST" });
    expect(noPrivilege.status).toBe(401);
    expect(noPrivilege.body).toEqual({
      code: 401,
      message: "Unauthorized! Token does not contain required privileges",
    });
  });
});

describe("errors", () => {
  it("answers 401 Invalid privilege token. without a valid token", async () => {
    for (const path of ["valuations", "offers"]) {
      const answer = await request(`${base(VEHICLE_IDS.manyTrips)}/${path}`);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 401, message: "Invalid privilege token." });
    }
    const post = await request(`${base(VEHICLE_IDS.manyTrips, "v2")}/instant-offer`, {
      method: "POST",
      bearer: "x.y.z",
    });
    expect(post.body).toEqual({ code: 401, message: "Invalid privilege token." });
  });

  it("answers 401 once the Vehicle JWT has expired by the sandbox clock", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    await suite.control.advanceClock(600);
    const answer = await request(`${base(VEHICLE_IDS.manyTrips)}/valuations`, { bearer: token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 401, message: "Invalid privilege token." });
  });

  it("answers 401 for a token of another vehicle", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.exactly100, [1]);
    const answer = await request(`${base(VEHICLE_IDS.manyTrips)}/valuations`, { bearer: token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 401, message: "Unauthorized! Wrong device token provided" });
  });

  it("answers 400 for a token id that does not parse", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    const answer = await request(`${base("x21957")}/valuations`, { bearer: token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, message: "Couldn't parse token id." });
  });

  it("answers 405 for a wrong method", async () => {
    const token = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]);
    for (const [method, path] of [
      ["DELETE", "valuations"],
      ["POST", "offers"],
      ["GET", "instant-offer"],
      ["PUT", "valuations"],
    ]) {
      const answer = await request(`${base(VEHICLE_IDS.manyTrips, "v2")}/${path}`, { method, bearer: token });
      expect(answer.status).toBe(405);
      expect(answer.body).toEqual({ code: 405, message: "Method Not Allowed" });
    }
  });
});
