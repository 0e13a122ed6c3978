import { beforeEach, describe, expect, it } from "vitest";
import { VEHICLE_IDS } from "../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox({ profile: "realistic" });
const tripsUrl = (tokenId: number, query = "") => `${suite.url}/trips/v1/vehicle/${tokenId}/trips${query}`;

beforeEach(async () => {
  await suite.control.reset();
});

describe("trips errors as plain text (realistic)", () => {
  it("answers a missing or bad token with the text alone", async () => {
    for (const bearer of [undefined, "not-a-jwt"]) {
      const answer = await request(tripsUrl(VEHICLE_IDS.exactly100), bearer ? { bearer } : {});
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(answer.text).toBe("Invalid or expired JWT");
    }
  });

  it("answers a token for another vehicle, missing privileges and bad parameters as text", async () => {
    const other = await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [4]);
    const wrongVehicle = await request(tripsUrl(VEHICLE_IDS.exactly100), { bearer: other });
    expect([wrongVehicle.status, wrongVehicle.text]).toEqual([401, "Unauthorized! Wrong device token provided"]);

    const noLocation = await request(tripsUrl(VEHICLE_IDS.manyTrips), {
      bearer: await suite.vehicleJwt(VEHICLE_IDS.manyTrips, [1]),
    });
    expect([noLocation.status, noLocation.text]).toEqual([
      401,
      "Unauthorized! Token does not contain required privileges",
    ]);

    const badPage = await request(tripsUrl(VEHICLE_IDS.manyTrips, "?page=two"), { bearer: other });
    expect([badPage.status, badPage.text]).toEqual([400, "Couldn't parse query params."]);
    expect(badPage.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("still serves pages as JSON", async () => {
    const answer = await request(tripsUrl(VEHICLE_IDS.exactly100), {
      bearer: await suite.vehicleJwt(VEHICLE_IDS.exactly100, [4]),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalPages: 1, currentPage: 1 });
  });
});
