import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDeveloperJwt, getVehicleJwt } from "./flow-client";
import { VEHICLE_IDS } from "./seed/vehicles";
import { startSandbox } from "./server";
import { request } from "@/test-support/sandbox";
import { createTestDataDir } from "@/test-support/sandbox-template";

let dataDir: string;
beforeAll(async () => {
  dataDir = await createTestDataDir();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (reset = false) => startSandbox({ port: 0, dataDir, quiet: true, instantOfferDelayMs: 0, reset });

describe("restart", () => {
  // Longer than the shared hang guard: it starts the sandbox three times, and the third start seeds the whole database
  // again, which on a busy machine with the browser tests beside it takes several times its idle 16 s.
  it("keeps offer sets, keys and the tokens they signed across close and start", async () => {
    const first = await start();
    const developer = await getDeveloperJwt(first.url);
    const vehicle = await getVehicleJwt(first.url, developer, VEHICLE_IDS.manyTrips, [1, 4]);
    const offersUrl = (url: string) => `${url}/valuations/v1/vehicles/${VEHICLE_IDS.manyTrips}/offers`;
    await request(`${first.url}/valuations/v1/vehicles/${VEHICLE_IDS.manyTrips}/instant-offer`, {
      method: "POST",
      bearer: vehicle,
    });
    const offersBefore = (await request(offersUrl(first.url), { bearer: vehicle })).body;
    const authKeys = (await request(`${first.url}/auth/keys`)).text;
    const exchangeKeys = (await request(`${first.url}/token-exchange/keys`)).text;
    await first.close();

    const second = await start();
    try {
      expect(second.dataDir).toBe(first.dataDir);
      expect((await request(`${second.url}/auth/keys`)).text).toBe(authKeys);
      expect((await request(`${second.url}/token-exchange/keys`)).text).toBe(exchangeKeys);
      // Tokens issued before the restart still verify; the offer set is still there.
      const offersAfter = await request(offersUrl(second.url), { bearer: vehicle });
      expect(offersAfter.status).toBe(200);
      expect(offersAfter.body).toEqual(offersBefore);
      expect((offersAfter.body as { offerSets: unknown[] }).offerSets).toHaveLength(1);
      const again = await getVehicleJwt(second.url, developer, VEHICLE_IDS.exactly100, [4]);
      expect(again).toMatch(/^ey/);
    } finally {
      await second.close();
    }

    const fresh = await start(true);
    try {
      expect((await request(`${fresh.url}/auth/keys`)).text).not.toBe(authKeys);
      const developerAfterReset = await getDeveloperJwt(fresh.url);
      const token = await getVehicleJwt(fresh.url, developerAfterReset, VEHICLE_IDS.manyTrips, [1]);
      expect((await request(offersUrl(fresh.url), { bearer: token })).body).toEqual({ offerSets: [] });
      expect((await request(offersUrl(fresh.url), { bearer: vehicle })).status).toBe(401);
    } finally {
      await fresh.close();
    }
  }, 300_000);
});
