import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  SIGNAL_CATALOG,
  SIGNAL_GROUPS,
  SIGNAL_GROUP_IDS,
  catalogSignal,
  compareSignalNames,
  groupOf,
  mayRead,
  signalName,
} from "./catalog";
import { SIGNAL_DESCRIPTIONS } from "./descriptions";
import { formatSignal } from "./format";

/** The real schema's SignalCollection, from the fixture the sandbox's own schema test compares against. */
function realSignalCollection(): { name: string; type: string; privileges: string }[] {
  const file = path.resolve(__dirname, "../../sandbox/services/telemetry/real-schema.fixture.json");
  const fixture = JSON.parse(readFileSync(file, "utf8")) as { types: Record<string, { members: string[] }> };
  return (fixture.types.SignalCollection?.members ?? [])
    .map((member) => /^(\w+): (\w+)(.*)$/.exec(member))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, name = "", type = "", privileges = ""]) => ({ name, type, privileges }))
    .filter((field) => field.name !== "lastSeen");
}

const KIND_OF_TYPE: Record<string, string> = {
  SignalFloat: "float",
  SignalString: "string",
  SignalLocation: "location",
};

describe("the signal catalog", () => {
  it("lists every signal of the real schema once, with its kind and privileges", () => {
    const real = realSignalCollection();
    expect(real.length).toBe(117);
    expect(SIGNAL_CATALOG.map((signal) => signal.name).sort()).toEqual(real.map((field) => field.name).sort());
    for (const field of real) {
      const signal = catalogSignal(field.name);
      expect(signal?.kind, field.name).toBe(KIND_OF_TYPE[field.type]);
      const needsLocation = /VEHICLE_ALL_TIME_LOCATION/.test(field.privileges);
      expect(signal?.anyOf.includes(4), field.name).toBe(needsLocation);
      expect(signal?.anyOf.includes(1), field.name).toBe(/VEHICLE_NON_LOCATION_DATA/.test(field.privileges));
    }
  });

  it("describes every signal it lists, and nothing else", () => {
    expect(Object.keys(SIGNAL_DESCRIPTIONS).sort()).toEqual(SIGNAL_CATALOG.map((signal) => signal.name).sort());
    for (const signal of SIGNAL_CATALOG) expect(signal.description, signal.name).toMatch(/^[A-Z].{8,}/);
    expect(catalogSignal("speed")?.description).toBe("Vehicle speed.");
  });

  it("writes units as the real schema documents them", () => {
    expect(catalogSignal("exteriorAirTemperature")?.unit).toBe("celsius");
    expect(catalogSignal("powertrainTractionBatteryStateOfChargeCurrent")?.unit).toBe("percent");
    expect(catalogSignal("currentLocationHeading")?.unit).toBe("degrees");
    expect(catalogSignal("serviceTimeToService")?.unit).toBe("s");
    expect(catalogSignal("isIgnitionOn")?.unit).toBe("");
  });

  it("groups names by their branch of the signal tree, unknown ones too", () => {
    expect(groupOf("powertrainTractionBatteryChargingIsCharging")).toBe("charging");
    expect(groupOf("powertrainTractionBatteryStateOfHealth")).toBe("battery");
    expect(groupOf("powertrainFuelSystemRelativeLevel")).toBe("fuel");
    expect(groupOf("powertrainCombustionEngineSpeed")).toBe("engine");
    expect(groupOf("powertrainTransmissionTravelledDistance")).toBe("powertrain");
    expect(groupOf("chassisAxleRow2WheelLeftTirePressure")).toBe("chassis");
    expect(groupOf("cabinDoorRow1DriverSideIsOpen")).toBe("body");
    expect(groupOf("bodyLockIsLocked")).toBe("body");
    expect(groupOf("obdDTCList")).toBe("obd");
    expect(groupOf("serviceDistanceToService")).toBe("service");
    expect(groupOf("currentLocationAltitude")).toBe("location");
    expect(groupOf("lowVoltageBatteryCurrentVoltage")).toBe("vehicle");
    expect(groupOf("chassisSomethingNew")).toBe("chassis");
    expect(groupOf("somethingNew")).toBe("vehicle");
    expect(SIGNAL_GROUPS.map((group) => group.id)).toEqual([...SIGNAL_GROUP_IDS]);
    for (const id of SIGNAL_GROUP_IDS)
      expect(
        SIGNAL_CATALOG.some((signal) => signal.group === id),
        `${id} has signals`,
      ).toBe(true);
  });

  it("orders by the catalog, unknown names last, and names them by label", () => {
    const names = ["zzz", "powertrainRange", "powertrainType", "aaa"];
    expect([...names].sort(compareSignalNames)).toEqual(["powertrainType", "powertrainRange", "aaa", "zzz"]);
    expect(signalName("speed")).toBe("Speed");
    expect(signalName("somethingNew")).toBe("somethingNew");
  });

  it("lets a grant read what its privileges allow, and nothing it does not know", () => {
    expect(mayRead("speed", [1])).toBe(true);
    expect(mayRead("speed", [4])).toBe(false);
    expect(mayRead("currentLocationCoordinates", [4])).toBe(true);
    expect(mayRead("currentLocationCoordinates", [8])).toBe(false);
    expect(mayRead("currentLocationApproximateCoordinates", [8])).toBe(true);
    expect(mayRead("somethingNew", [1, 4, 8])).toBe(false);
  });
});

describe("formatSignal", () => {
  it("writes numbers in the schema's unit", () => {
    expect(formatSignal("exteriorAirTemperature", 21.46)).toBe("21.5 °C");
    expect(formatSignal("powertrainTractionBatteryStateOfChargeCurrent", 80.4)).toBe("80%");
    expect(formatSignal("chassisAxleRow1WheelLeftTirePressure", 241.3)).toBe("241 kPa");
    expect(formatSignal("lowVoltageBatteryCurrentVoltage", 12.456)).toBe("12.46 V");
    expect(formatSignal("currentLocationHeading", 270)).toBe("270°");
  });

  it("writes flags, gears, durations, lists and places in words", () => {
    expect(formatSignal("cabinDoorRow1DriverSideIsOpen", 1)).toBe("Open");
    expect(formatSignal("cabinDoorRow1DriverSideIsOpen", 0)).toBe("Closed");
    expect(formatSignal("bodyLockIsLocked", 1)).toBe("Locked");
    expect(formatSignal("isIgnitionOn", 0)).toBe("Off");
    expect(formatSignal("powertrainTransmissionSelectedGear", 126)).toBe("Park");
    expect(formatSignal("powertrainTransmissionCurrentGear", 0)).toBe("Neutral");
    expect(formatSignal("powertrainTransmissionCurrentGear", 3)).toBe("3");
    expect(formatSignal("powertrainTransmissionSelectedGear", -1)).toBe("Reverse");
    expect(formatSignal("serviceTimeToService", 3 * 86_400 + 7_200)).toBe("3 d 2 h");
    expect(formatSignal("serviceTimeToService", -7_200)).toBe("2 h 00 min overdue");
    expect(formatSignal("obdDTCList", "P0420,P0171")).toBe("P0420, P0171");
    expect(formatSignal("obdDTCList", "")).toBe("none");
    expect(formatSignal("currentLocationCoordinates", { latitude: 1.5, longitude: -2.25 })).toBe("1.50000, -2.25000");
  });
});
