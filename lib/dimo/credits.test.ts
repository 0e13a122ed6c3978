import { describe, expect, it } from "vitest";
import { testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { creditsByVehicle, spendBetween, startOfUtcDay } from "@/lib/server/usage-days";
import { CreditSpendLog } from "./credits-log";

/**
 * The dashboard's record of what its calls cost against DIMO's credit tracker (the sandbox's): after a known
 * sequence of calls, today's totals agree, per vehicle and in all.
 */

const sandbox = setUpSandbox();

describe("credits", () => {
  it("records today's credits as the tracker charges them, per vehicle and in all", async () => {
    await sandbox.control.reset();
    const { client, activity } = testClient(sandbox.url);
    const fromMs = startOfUtcDay(Date.now());
    const { manyTrips, exactly100, noTrips } = VEHICLE_IDS;

    await client.getLatestSignals(manyTrips);
    await client.getLatestSignals(exactly100);
    await client.getLastPosition(exactly100);
    await client.getVin(noTrips);
    // Free: the Trips API, and the identity and token calls behind every vehicle.
    await client.listTrips(manyTrips);

    const record = new CreditSpendLog();
    for (const entry of activity) record.record(entry);
    const spends = spendBetween(await record.read(), fromMs, Date.now());
    const perVehicle = creditsByVehicle(spends);
    const recordedTotal = spends.reduce((sum, spend) => sum + spend.credits, 0);

    const telemetryQueries = activity.filter((entry) => entry.service === "telemetry" && entry.status === 200);
    expect(recordedTotal).toBe(telemetryQueries.length);
    expect(recordedTotal).toBeGreaterThanOrEqual(4);
    expect(activity.filter((entry) => entry.service !== "telemetry").every((entry) => !entry.credits)).toBe(true);

    const range = { from: new Date(fromMs).toISOString() };
    const tracker = await client.getLicenseCredits(range);
    expect(tracker.creditsUsed).toBe(recordedTotal);
    expect(tracker.vehicles).toBe(3);
    for (const tokenId of [manyTrips, exactly100, noTrips]) {
      const vehicle = await client.getVehicleCredits(tokenId, range);
      expect({ tokenId, used: vehicle.creditsUsed }).toEqual({ tokenId, used: perVehicle.get(tokenId) });
    }
  });

  it("logs the tracker's reads with the Developer JWT redacted and their dates kept", async () => {
    const { client, activity } = testClient(sandbox.url);
    const credits = await client.getVehicleCredits(VEHICLE_IDS.exactly100, { from: "2026-01-01T00:00:00Z" });
    expect(credits.remaining).toBeGreaterThan(0);
    const read = activity.find((entry) => entry.service === "creditTracker");
    expect(read).toMatchObject({ tokenKind: "developer", status: 200, replay: { notReplayable: null } });
    expect(read?.path).toContain("fromDate=2026-01-01T00%3A00%3A00.000Z");
    expect(JSON.stringify(read)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(read?.credits).toBeUndefined();
  });
});
