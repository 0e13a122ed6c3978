import { describe, expect, it } from "vitest";
import { SIGNAL_CATALOG, catalogSignal } from "@/lib/signals/catalog";
import { ALL_SIGNALS, storedSignals } from ".";
import { everyVehicle, float, place, text } from "./types";
import { vehicleProfile } from "./vehicle-profile";

describe("the signals the sandbox simulates", () => {
  it("are the catalog's signals, with its kinds, units and privileges", () => {
    expect(ALL_SIGNALS.map((signal) => signal.name).sort()).toEqual(SIGNAL_CATALOG.map((signal) => signal.name).sort());
    for (const simulated of ALL_SIGNALS) {
      const { name, kind, unit, anyOf } = catalogSignal(simulated.name) ?? {};
      expect({ name, kind, unit, anyOf }).toEqual({
        name: simulated.name,
        kind: simulated.kind,
        unit: simulated.unit,
        anyOf: simulated.anyOf,
      });
    }
  });

  it("refuse a name the catalog lacks, or a kind it does not give the signal", () => {
    expect(() => float("tractorBeamStrength", everyVehicle, "slow")).toThrow(/tractorBeamStrength/);
    expect(() => text("speed", everyVehicle, "slow")).toThrow(/speed is not a string signal/);
    expect(() => place("speed", everyVehicle, "driving")).toThrow(/speed is not a location signal/);
    expect(float("speed", everyVehicle, "driving")).toMatchObject({ kind: "float", unit: "km/h", anyOf: [1] });
  });

  it("leave the approximate location out of what a vehicle sends", () => {
    const powertrain = {
      type: "BEV",
      percentPerKm: 0.2,
      fullRangeKm: 500,
      chargePercentPerHour: 10,
      plugIn: null,
    } as const;
    const bev = vehicleProfile(1, "Model 3", "lasVegas", powertrain);
    const sent = storedSignals(bev);
    expect(sent).toContain("currentLocationCoordinates");
    expect(sent).not.toContain("currentLocationApproximateCoordinates");
  });
});
