import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SandboxContext } from "../context";
import { vehicleSource } from "../services/telemetry/vehicle-data";
import { energyLog, powertrainOf } from "../seed/energy";
import { BATTERY_RESERVE_PERCENT } from "../seed/plug-in-hybrid";
import { seedDatabase } from "../seed/seed-database";
import { generateTrips } from "../seed/trip-generator";
import { SEED_VEHICLES } from "../seed/vehicles";
import { DriveStore } from "../store/drive-store";
import { SCHEMA_SQL } from "../store/schema";
import { VehicleStore } from "../store/vehicle-store";
import { batteryAtStart } from "./plug-in-battery";
import { collectSamples, type Samples, type VehicleSource } from "./samples";
import { storedSignals } from "./signals";
import { vehicleProfile } from "./signals/vehicle-profile";

/** The seeded plug-in hybrid: a tank and an engine, a traction battery that drives it first and is charged at home. */

const ANCHOR = Date.UTC(2026, 0, 15, 12, 0, 0);
const PHEV = 7306;
const BEV = 12345;
const COMBUSTION = 7307;
const SOC = "powertrainTractionBatteryStateOfChargeCurrent";
const FUEL = "powertrainFuelSystemRelativeLevel";
const RPM = "powertrainCombustionEngineSpeed";
const CHARGING = "powertrainTractionBatteryChargingIsCharging";
const CABLE = "powertrainTractionBatteryChargingIsChargingCableConnected";
const ADDED = "powertrainTractionBatteryChargingAddedEnergy";
const IGNITION = "isIgnitionOn";
const LIFETIME_FUEL = "powertrainFuelSystemAccumulatedConsumption";
const COOLANT = "powertrainCombustionEngineECT";
const OUTSIDE = "exteriorAirTemperature";

function seedVehicleOf(tokenId: number) {
  const vehicle = SEED_VEHICLES.find((v) => v.tokenId === tokenId);
  if (!vehicle) throw new Error(`no seeded vehicle ${tokenId}`);
  return vehicle;
}

function signalsOf(tokenId: number): string[] {
  const seed = seedVehicleOf(tokenId);
  return storedSignals(vehicleProfile(tokenId, seed.model, seed.metro, powertrainOf(seed.model)));
}

describe("which signals a powertrain sends", () => {
  it("gives the plug-in hybrid both the fuel and engine signals and the traction battery and charging ones", () => {
    const signals = signalsOf(PHEV);
    for (const name of [FUEL, "powertrainFuelSystemAbsoluteLevel", RPM, "powertrainCombustionEngineECT"]) {
      expect(signals).toContain(name);
    }
    for (const name of [SOC, CHARGING, CABLE, ADDED, "powertrainTractionBatteryChargingPower"]) {
      expect(signals).toContain(name);
    }
  });

  it("gives a BEV no fuel or engine signal and a combustion car no traction battery", () => {
    const bev = signalsOf(BEV);
    expect(bev).toContain(SOC);
    expect(bev.filter((name) => /FuelSystem|CombustionEngine/.test(name))).toEqual([]);
    const combustion = signalsOf(COMBUSTION);
    expect(combustion).toContain(FUEL);
    expect(combustion.filter((name) => name.startsWith("powertrainTractionBattery"))).toEqual([]);
  });
});

describe("the plug-in hybrid's drive simulation", () => {
  let db: Database.Database;
  let source: VehicleSource;
  let samples: Samples;

  beforeAll(() => {
    db = new Database(":memory:");
    db.exec(SCHEMA_SQL);
    seedDatabase(db, ANCHOR, [seedVehicleOf(PHEV)]);
    const context = { vehicles: new VehicleStore(db), drives: new DriveStore(db) } as unknown as SandboxContext;
    const found = vehicleSource(context, PHEV);
    if (!found) throw new Error("the plug-in hybrid has no telemetry source");
    source = found;
    const wanted = new Set([SOC, FUEL, RPM, CHARGING, CABLE, ADDED, IGNITION, LIFETIME_FUEL, COOLANT, OUTSIDE]);
    samples = collectSamples(source, 0, ANCHOR * 1000, wanted);
  });
  afterAll(() => db.close());

  const series = (name: string) => {
    const found = samples.floats.get(name);
    if (!found) throw new Error(`no series ${name}`);
    return found;
  };
  /** A signal's value by sample time. */
  const byTime = (name: string) => {
    const { t, v } = series(name);
    return new Map(t.map((time, i) => [time, v[i] as number]));
  };

  it("finds at query time the battery the seed's energy log walked to at each trip's start", () => {
    const seed = seedVehicleOf(PHEV);
    const plugIn = powertrainOf(seed.model).plugIn;
    if (!plugIn) throw new Error("the plug-in hybrid has no plug-in battery");
    const log = energyLog(seed, generateTrips(seed, ANCHOR));
    const drives = source.drives.startedBetween(PHEV, 0, ANCHOR * 1000);
    expect(drives).toHaveLength(log.length);
    drives.forEach((drive, i) => {
      expect(batteryAtStart(source, drive, plugIn)).toBeCloseTo(log[i]?.batteryPercent ?? NaN, 6);
    });
  });

  it("drains the battery while it drives electric, with the engine off and the tank untouched", () => {
    const soc = series(SOC);
    const fuel = byTime(FUEL);
    const rpm = byTime(RPM);
    const ignition = byTime(IGNITION);
    let electricSamples = 0;
    let drained = 0;
    for (let i = 1; i < soc.t.length; i++) {
      const t = soc.t[i] as number;
      const before = soc.t[i - 1] as number;
      if (ignition.get(t) !== 1 || ignition.get(before) !== 1) continue;
      const batteryBefore = soc.v[i - 1] as number;
      if (batteryBefore <= BATTERY_RESERVE_PERCENT + 0.5) continue;
      electricSamples++;
      expect(soc.v[i]).toBeLessThanOrEqual(batteryBefore);
      drained += batteryBefore - (soc.v[i] as number);
      expect(fuel.get(t)).toBe(fuel.get(before));
      expect(rpm.get(t)).toBe(0);
    }
    expect(electricSamples).toBeGreaterThan(100);
    expect(drained).toBeGreaterThan(50);
  });

  it("runs the engine and burns fuel once the battery is down to its reserve", () => {
    const soc = byTime(SOC);
    const fuel = series(FUEL);
    const rpm = byTime(RPM);
    const ignition = byTime(IGNITION);
    let burnt = 0;
    for (let i = 1; i < fuel.t.length; i++) {
      const t = fuel.t[i] as number;
      if (ignition.get(t) !== 1 || ignition.get(fuel.t[i - 1] as number) !== 1) continue;
      const used = (fuel.v[i - 1] as number) - (fuel.v[i] as number);
      if (used <= 0) continue;
      burnt += used;
      expect(soc.get(t)).toBeCloseTo(BATTERY_RESERVE_PERCENT, 6);
      expect(rpm.get(t)).toBeGreaterThan(0);
    }
    expect(burnt).toBeGreaterThan(0);
  });

  it("charges at home while parked: cable connected, state of charge and added energy rising", () => {
    const charging = series(CHARGING);
    const cable = byTime(CABLE);
    const soc = byTime(SOC);
    const added = byTime(ADDED);
    let rises = 0;
    for (let i = 1; i < charging.t.length; i++) {
      if (charging.v[i] !== 1 || charging.v[i - 1] !== 1) continue;
      const t = charging.t[i] as number;
      const before = charging.t[i - 1] as number;
      expect(cable.get(t)).toBe(1);
      expect(soc.get(t)).toBeGreaterThan(soc.get(before) as number);
      expect(added.get(t)).toBeGreaterThan(added.get(before) as number);
      rises++;
    }
    expect(rises).toBeGreaterThan(5);
  });

  it("counts lifetime fuel only over the kilometres the engine drove", () => {
    const lifetime = series(LIFETIME_FUEL);
    const rpm = byTime(RPM);
    const ignition = byTime(IGNITION);
    let electricSteps = 0;
    let engineGrowth = 0;
    for (let i = 1; i < lifetime.t.length; i++) {
      const t = lifetime.t[i] as number;
      const grew = (lifetime.v[i] as number) - (lifetime.v[i - 1] as number);
      expect(grew).toBeGreaterThanOrEqual(0);
      if (ignition.get(t) !== 1) continue;
      if (rpm.get(t) === 0) {
        electricSteps++;
        expect(grew).toBe(0);
      } else {
        engineGrowth += grew;
      }
    }
    expect(electricSteps).toBeGreaterThan(100);
    expect(engineGrowth).toBeGreaterThan(0);
    // A 2022 car has burnt fuel before its recorded trips, but far less than a combustion car of its mileage would.
    const first = lifetime.v[0] as number;
    expect(first).toBeGreaterThan(0);
  });

  it("keeps the coolant at the air's temperature while the car drives on its battery", () => {
    const coolant = series(COOLANT);
    const rpm = byTime(RPM);
    const ignition = byTime(IGNITION);
    const outside = series(OUTSIDE);
    const outsideAt = (t: number) => {
      let value = outside.v[0] as number;
      for (let i = 0; i < outside.t.length && (outside.t[i] as number) <= t; i++) value = outside.v[i] as number;
      return value;
    };
    let cold = 0;
    let warm = 0;
    coolant.t.forEach((t, i) => {
      const celsius = coolant.v[i] as number;
      if (ignition.get(t) !== 1) return;
      if (rpm.get(t) === 0) {
        cold++;
        expect(Math.abs(celsius - outsideAt(t))).toBeLessThan(3);
      } else if (celsius > 60) {
        warm++;
      }
    });
    expect(cold).toBeGreaterThan(100);
    expect(warm).toBeGreaterThan(0);
  });
});
