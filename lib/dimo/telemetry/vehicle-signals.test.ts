import { describe, expect, it } from "vitest";
import { attentionItems } from "@/lib/signals/attention";
import { groupSignals } from "@/lib/signals/vehicle-signals";
import { testClient } from "@/test-support/dimo-client";
import { ownerLoginPage } from "@/test-support/owner-share";
import { setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { LEAKING_TIRE_VEHICLE, TROUBLE_CODES_VEHICLE } from "@/sandbox/telemetry/signals/vehicle-profile";

/**
 * Every signal of a vehicle over HTTP against a sandbox, through the one token manager: what a BEV and a combustion
 * car have, what the grant keeps out, and what the seeded faults put on the attention list.
 */

const sandbox = setUpSandbox();

const BEV = VEHICLE_IDS.manyTrips; // Tesla Model 3
const COMBUSTION = TROUBLE_CODES_VEHICLE; // Mazda CX-5
/** The seeded plug-in hybrid (a Jeep Wrangler 4xe), owned by the admin account and shared with no license. */
const PLUG_IN_HYBRID = 7306;
const DAY_MS = 86_400_000;

function client() {
  return testClient(sandbox.url);
}

const telemetryCalls = (activity: ReturnType<typeof client>["activity"]) =>
  activity.filter((entry) => entry.service === "telemetry");
const groupIds = (data: Parameters<typeof groupSignals>[0]) => groupSignals(data).map((entry) => entry.group.id);

describe("every signal of a vehicle", () => {
  it("gives a BEV its battery and charging signals and no fuel or engine signal", async () => {
    const { client: c, activity } = client();
    const data = await c.getVehicleSignals(BEV);
    const names = data.signals.map((signal) => signal.name);
    expect(names).toContain("powertrainTractionBatteryStateOfChargeCurrent");
    expect(names).toContain("powertrainTractionBatteryChargingIsChargingCableConnected");
    expect(names.filter((name) => /^powertrain(FuelSystem|CombustionEngine)|^obd/.test(name))).toEqual([]);
    expect(groupIds(data)).toEqual(expect.arrayContaining(["battery", "charging", "location"]));
    expect(groupIds(data)).not.toContain("fuel");
    expect(groupIds(data)).not.toContain("engine");
    // A full grant reads every signal the vehicle has: the ones asked for are exactly the available ones.
    expect(names.sort()).toEqual([...data.available].sort());
    expect(data.unread).toEqual([]);
    expect(data.lastSeen).not.toBeNull();
    // availableSignals, then one signalsSnapshot for the values, however many signals the vehicle has.
    expect(telemetryCalls(activity)).toHaveLength(2);
  });

  it("gives a combustion car its fuel, engine and OBD signals, no battery, and its trouble codes first", async () => {
    const data = await client().client.getVehicleSignals(COMBUSTION);
    const names = data.signals.map((signal) => signal.name);
    expect(names).toContain("powertrainFuelSystemRelativeLevel");
    expect(names.filter((name) => name.startsWith("powertrainTractionBattery"))).toEqual([]);
    expect(groupIds(data)).toEqual(expect.arrayContaining(["fuel", "engine", "obd"]));
    expect(groupIds(data)).not.toContain("battery");
    expect(groupIds(data)).not.toContain("charging");
    const [first] = attentionItems(data.signals, Date.parse(data.lastSeen ?? ""));
    expect(first?.kind).toBe("trouble-codes");
    expect(first?.detail).toContain("P0420");
  });

  it("gives a plug-in hybrid both its fuel and engine groups and its battery and charging ones", async () => {
    const { share } = ownerLoginPage(() => sandbox.url);
    const back = await share([["permissions", "11111"]], [PLUG_IN_HYBRID], "admin");
    expect(back.status, back.text).toBe(303);
    const data = await client().client.getVehicleSignals(PLUG_IN_HYBRID);
    const names = data.signals.map((signal) => signal.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "powertrainFuelSystemRelativeLevel",
        "powertrainCombustionEngineSpeed",
        "powertrainTractionBatteryStateOfChargeCurrent",
        "powertrainTractionBatteryChargingIsChargingCableConnected",
      ]),
    );
    expect(data.signals.find((signal) => signal.name === "powertrainType")?.value).toBe("HYBRID");
    expect(groupIds(data)).toEqual(expect.arrayContaining(["fuel", "engine", "battery", "charging"]));
  });

  it("asks a grant of location history alone for the location signals only", async () => {
    const { client: c, activity } = client();
    const data = await c.getVehicleSignals(VEHICLE_IDS.noValuationPrivilege);
    expect(data.signals.length).toBeGreaterThan(0);
    expect(data.signals.every((signal) => signal.name.startsWith("currentLocation"))).toBe(true);
    expect(data.unread.map((entry) => entry.name)).toContain("speed");
    expect(data.unread.every((entry) => entry.reason === "privilege")).toBe(true);
    expect(telemetryCalls(activity)).toHaveLength(2);
  });

  it("asks a grant of the approximate location alone for the list of signals and nothing else", async () => {
    const { client: c, activity } = client();
    const data = await c.getVehicleSignals(VEHICLE_IDS.approximateLocationOnly);
    expect(data.available.length).toBeGreaterThan(0);
    expect(data.signals).toEqual([]);
    expect(telemetryCalls(activity)).toHaveLength(1);
  });

  it("puts the slow leak's tire first once the tire is well down", async () => {
    // The leak follows the sandbox's clock over a 30-day cycle: move that clock to late in the cycle, where the tire
    // is far below the others, rather than depend on the day the test runs.
    await sandbox.control.freezeClock();
    const nowMs = Date.parse((await sandbox.control.clock()).now);
    const cycleDay = (nowMs / DAY_MS + LEAKING_TIRE_VEHICLE) % 30;
    const target = 28;
    const moved = await sandbox.control.advanceClock(Math.ceil((((target - cycleDay + 30) % 30) * DAY_MS) / 1000));
    try {
      // The dashboard's clock moves with the service's, so the tokens and challenges it checks are current.
      const later = testClient(sandbox.url, { now: () => Date.parse(moved.now) }).client;
      const data = await later.getVehicleSignals(LEAKING_TIRE_VEHICLE);
      const items = attentionItems(data.signals, Date.parse(moved.now));
      expect(items[0]?.kind).toBe("tire");
      expect(items[0]?.signals).toEqual(expect.arrayContaining(["chassisAxleRow2WheelLeftTirePressure"]));
    } finally {
      await sandbox.control.resetClock();
    }
  });
});
