import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { createTestDataDir } from "@/test-support/sandbox-template";
import { sandboxControl } from "./control-client";
import { fetchLicenseVehiclePage } from "./services/identity/license-vehicle-pages";
import { fleetVehicles } from "./seed/fleet";
import { DEMO_GRANTED_VEHICLE_IDS } from "./seed/vehicles";
import { startSandbox } from "./server";

/** What `--fleet` does to a data folder: adds the fleet to one seeded without it, and keeps it across restarts. */

const FLEET_SIZE = 40;
const LICENSE_SIZE =
  DEMO_GRANTED_VEHICLE_IDS.length + fleetVehicles(FLEET_SIZE).filter((v) => v.grant && !v.grant.expired).length;

let dataDir: string;
beforeAll(async () => {
  dataDir = await createTestDataDir();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => startSandbox({ port: 0, dataDir, quiet: true, instantOfferDelayMs: 0, fleet: FLEET_SIZE });
const licenseSize = async (url: string) =>
  (await fetchLicenseVehiclePage(`${url}/identity/query`, DEMO_LICENSE.clientId, null)).totalCount;

describe("a data folder with a fleet", () => {
  it("gets the fleet added, keeps it and its keys across a restart, and keeps its grants through a reset", async () => {
    const first = await start();
    const keys = await fetch(`${first.url}/token-exchange/keys`).then((r) => r.text());
    expect(await licenseSize(first.url)).toBe(LICENSE_SIZE);
    await first.close();

    const second = await start();
    try {
      expect(await fetch(`${second.url}/token-exchange/keys`).then((r) => r.text())).toBe(keys);
      expect(await licenseSize(second.url)).toBe(LICENSE_SIZE);
      await sandboxControl(() => second.url).reset();
      expect(await licenseSize(second.url)).toBe(LICENSE_SIZE);
    } finally {
      await second.close();
    }
  });
});
