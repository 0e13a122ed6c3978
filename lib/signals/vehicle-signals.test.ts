import { describe, expect, it } from "vitest";
import { type SignalValue } from "@/lib/models";
import { type VehicleSignals, groupSignals } from "./vehicle-signals";

const AT = "2026-11-01T10:00:00Z";
const value = (name: string, v: number | string): SignalValue => ({ name, timestamp: AT, value: v });

function vehicle(available: string[], unread: VehicleSignals["unread"] = []): VehicleSignals {
  const skipped = new Set(unread.map((entry) => entry.name));
  return {
    lastSeen: AT,
    available,
    signals: available.filter((name) => !skipped.has(name)).map((name) => value(name, 1)),
    unread,
    refused: [],
  };
}

const groupIds = (data: VehicleSignals) => groupSignals(data).map((entry) => entry.group.id);

describe("groupSignals", () => {
  it("shows a BEV's battery and charging groups and no fuel or engine group", () => {
    const bev = vehicle([
      "speed",
      "powertrainTractionBatteryStateOfChargeCurrent",
      "powertrainTractionBatteryChargingIsCharging",
      "powertrainRange",
      "currentLocationCoordinates",
      "chassisAxleRow1WheelLeftTirePressure",
    ]);
    expect(groupIds(bev)).toEqual(["location", "vehicle", "powertrain", "battery", "charging", "chassis"]);
  });

  it("shows a combustion car's fuel, engine and OBD groups and no battery or charging group", () => {
    const car = vehicle([
      "obdDTCList",
      "powertrainFuelSystemRelativeLevel",
      "powertrainCombustionEngineSpeed",
      "serviceDistanceToService",
      "cabinDoorRow1DriverSideIsOpen",
    ]);
    expect(groupIds(car)).toEqual(["fuel", "engine", "body", "obd", "service"]);
  });

  it("keeps one row per available signal, in the catalog's order, saying why a value is missing", () => {
    const data: VehicleSignals = {
      ...vehicle(
        ["powertrainRange", "powertrainType", "currentLocationCoordinates", "speed", "somethingNew", "speed"],
        [
          { name: "currentLocationCoordinates", reason: "privilege" },
          { name: "somethingNew", reason: "unknown" },
        ],
      ),
      refused: [{ field: "powertrainRange", reason: "no privilege" }],
    };
    data.signals = data.signals.filter((signal) => signal.name !== "powertrainRange");
    const groups = groupSignals(data);
    const rows = groups.flatMap((group) => group.rows);
    expect(rows.map((row) => row.name)).toEqual([
      "currentLocationCoordinates",
      "speed",
      "somethingNew",
      "powertrainType",
      "powertrainRange",
    ]);
    expect(rows.map((row) => row.missing)).toEqual(["privilege", undefined, "unknown", undefined, "refused"]);
    expect(rows.find((row) => row.name === "speed")?.value?.value).toBe(1);
  });

  it("shows no group for a vehicle that has sent nothing", () => {
    expect(groupSignals(vehicle([]))).toEqual([]);
  });
});
