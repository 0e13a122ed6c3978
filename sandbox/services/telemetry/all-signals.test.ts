import { describe, expect, it } from "vitest";
import { ALL_SIGNALS } from "../../telemetry/signals";
import { LEAKING_TIRE_VEHICLE, TROUBLE_CODES_VEHICLE } from "../../telemetry/signals/vehicle-profile";
import { forgedVehicleJwt, isoMicros, micros, telemetryQuery, tripsOf } from "@/test-support/sandbox-telemetry";
import { setUpSandbox } from "@/test-support/sandbox";

/** The signals beyond the first dozen: which vehicles have them, and that they behave like a car's. */

const suite = setUpSandbox();
const BEV = 12345;
const COMBUSTION = TROUBLE_CODES_VEHICLE;
const DAY_US = 86_400e6;

type Latest = Record<string, { value: unknown } | null>;

/** `signalsLatest` for every signal, in requests small enough for the complexity limit. */
async function latestOfAll(tokenId: number): Promise<Latest> {
  const token = await forgedVehicleJwt(suite, tokenId, [1, 4]);
  const fields = ALL_SIGNALS.map((signal) =>
    signal.kind === "location" ? `${signal.name} { value { latitude } }` : `${signal.name} { value }`,
  );
  const latest: Latest = {};
  // 30 signals cost at most 91, under the service's complexity limit of 100.
  for (let i = 0; i < fields.length; i += 30) {
    const answer = await telemetryQuery<{ signalsLatest: Latest }>(
      suite,
      token,
      `{ signalsLatest(tokenId: ${tokenId}) { ${fields.slice(i, i + 30).join(" ")} } }`,
    );
    expect(answer.errors).toBeUndefined();
    Object.assign(latest, answer.data?.signalsLatest);
  }
  return latest;
}

async function availableSignals(tokenId: number): Promise<string[]> {
  const token = await forgedVehicleJwt(suite, tokenId, [1]);
  const answer = await telemetryQuery<{ availableSignals: string[] }>(
    suite,
    token,
    `{ availableSignals(tokenId: ${tokenId}) }`,
  );
  return answer.data?.availableSignals ?? [];
}

async function buckets<T>(tokenId: number, fromUs: number, toUs: number, interval: string, fields: string) {
  const token = await forgedVehicleJwt(suite, tokenId, [1, 4]);
  const answer = await telemetryQuery<{ signals: T[] | null }>(
    suite,
    token,
    `{ signals(tokenId: ${tokenId}, interval: "${interval}", from: "${isoMicros(fromUs)}", to: "${isoMicros(toUs)}") { timestamp ${fields} } }`,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.signals ?? [];
}

describe("every signal of the schema", () => {
  it("answers each for the vehicles that have it and null for the others, as availableSignals says", async () => {
    for (const tokenId of [BEV, COMBUSTION]) {
      const latest = await latestOfAll(tokenId);
      const present = Object.keys(latest)
        .filter((name) => latest[name] !== null && name !== "currentLocationApproximateCoordinates")
        .sort();
      expect(present).toEqual((await availableSignals(tokenId)).sort());
    }
    const bev = await latestOfAll(BEV);
    const combustion = await latestOfAll(COMBUSTION);
    expect(bev.powertrainTractionBatteryStateOfHealth).not.toBeNull();
    expect(bev.powertrainCombustionEngineSpeed).toBeNull();
    expect(bev.powertrainFuelSystemAbsoluteLevel).toBeNull();
    expect(combustion.powertrainTractionBatteryChargingIsCharging).toBeNull();
    expect(combustion.obdRunTime).not.toBeNull();
    expect(combustion.obdDTCList?.value).toBe("P0420,P0171");
    expect(combustion.obdStatusDTCCount?.value).toBe(2);
    expect(combustion.powertrainTransmissionSelectedGear?.value).toBe(126);
  });

  it("answers a narrow selection with the same values and last-seen time as the full read", async () => {
    await suite.control.freezeClock();
    try {
      const full = await latestOfAll(COMBUSTION);
      const token = await forgedVehicleJwt(suite, COMBUSTION, [1]);
      const read = async (fields: string) => {
        const answer = await telemetryQuery<{ signalsLatest: Latest & { lastSeen: string } }>(
          suite,
          token,
          `{ signalsLatest(tokenId: ${COMBUSTION}) { lastSeen ${fields} } }`,
        );
        expect(answer.errors).toBeUndefined();
        return answer.data?.signalsLatest;
      };
      // The coolant is sent while driving only: the last time anything was sent is still the last heartbeat.
      const narrow = await read("powertrainCombustionEngineECT { value }");
      expect(narrow?.powertrainCombustionEngineECT).toEqual(full.powertrainCombustionEngineECT);
      const powertrain = ALL_SIGNALS.filter((signal) => signal.name.startsWith("powertrain")).slice(0, 30);
      const wide = await read(powertrain.map((signal) => `${signal.name} { value }`).join(" "));
      expect(narrow?.lastSeen).toMatch(/^\d{4}-/);
      expect(narrow?.lastSeen).toBe(wide?.lastSeen);
    } finally {
      await suite.control.resetClock();
    }
  });

  it("keeps the trouble codes to one car", async () => {
    const latest = await latestOfAll(LEAKING_TIRE_VEHICLE);
    expect(latest.obdDTCList).toBeNull();
    expect(latest.obdStatusDTCCount?.value).toBe(0);
  });

  it("belts the driver, releases the parking brake and shifts up while driving; parks closed and mostly locked", async () => {
    const trips = (await tripsOf(suite, COMBUSTION, 1)).slice(0, 12);
    let lockedParkings = 0;
    for (const [i, trip] of trips.entries()) {
      const start = micros(trip.start.time);
      const end = micros(trip.end.time);
      const [driving] = await buckets<Record<string, number>>(
        COMBUSTION,
        start + 60e6,
        end - 10e6,
        "24h",
        `belt: cabinSeatRow1DriverSideIsBelted(agg: MIN) brake: chassisParkingBrakeIsEngaged(agg: MAX)
         gear: powertrainTransmissionCurrentGear(agg: MAX) speed: speed(agg: MAX)`,
      );
      expect(driving?.belt).toBe(1);
      expect(driving?.brake).toBe(0);
      if ((driving?.speed ?? 0) > 40) expect(driving?.gear).toBeGreaterThanOrEqual(3);
      // Trips come newest first: the one before in the list is the next one driven.
      const next = trips[i - 1];
      const parkedUntil = Math.min(end + 2 * 3_600e6, next ? micros(next.start.time) : Infinity);
      const [parked] = await buckets<Record<string, number>>(
        COMBUSTION,
        end + 1,
        parkedUntil,
        "24h",
        `door: cabinDoorRow1DriverSideIsOpen(agg: MAX) locked: bodyLockIsLocked(agg: LAST) belt: cabinSeatRow1DriverSideIsBelted(agg: MAX)`,
      );
      if (!parked) continue;
      expect(parked.belt).toBe(0);
      expect(parked.door).toBe(0);
      if (parked.locked === 1) lockedParkings++;
    }
    expect(lockedParkings).toBeGreaterThanOrEqual(trips.length - 3);
  });

  it("charges an electric car while parked: cable in, power flowing, charge and added energy rising", async () => {
    const toUs = Date.now() * 1000;
    const rows = await buckets<Record<string, number | null>>(
      BEV,
      toUs - 30 * DAY_US,
      toUs,
      "30m",
      `charging: powertrainTractionBatteryChargingIsCharging(agg: MAX)
       cable: powertrainTractionBatteryChargingIsChargingCableConnected(agg: MAX)
       power: powertrainTractionBatteryChargingPower(agg: MAX)
       added: powertrainTractionBatteryChargingAddedEnergy(agg: MAX)
       soc: powertrainTractionBatteryStateOfChargeCurrent(agg: LAST)`,
    );
    const charging = rows.filter((row) => row.charging === 1);
    expect(charging.length).toBeGreaterThan(3);
    // MAX, not MIN: a bucket may begin before the cable goes in, wherever the window's edges fall.
    for (const row of charging) {
      expect(row.cable).toBe(1);
      expect(row.power).toBeGreaterThan(3);
    }
    const rising = charging.filter((row, i) => {
      const next = rows[rows.indexOf(row) + 1];
      return i >= 0 && next && (next.soc ?? 0) > (row.soc ?? 0) && (next.added ?? 0) > (row.added ?? 0);
    });
    expect(rising.length).toBeGreaterThan(0);
  });

  it("lets one car's rear-left tyre lose pressure over days until its warning comes on", async () => {
    const toUs = Date.now() * 1000;
    const days = await buckets<Record<string, number | null>>(
      LEAKING_TIRE_VEHICLE,
      toUs - 30 * DAY_US,
      toUs,
      "24h",
      `rearLeft: chassisAxleRow2WheelLeftTirePressure(agg: MIN)
       frontLeft: chassisAxleRow1WheelLeftTirePressure(agg: MIN)
       warning: chassisTireSystemIsWarningOn(agg: MAX)`,
    );
    const gaps = days.map((day) => (day.frontLeft ?? 0) - (day.rearLeft ?? 0));
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeGreaterThan(40);
    expect(days.some((day) => day.warning === 1)).toBe(true);
    expect(days.some((day) => day.warning === 0)).toBe(true);
  });
});
