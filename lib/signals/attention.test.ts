import { describe, expect, it } from "vitest";
import { type SignalValue } from "@/lib/models";
import { LEFT_OPEN_AFTER_MS, attentionItems, lowTires, troubleCodesOf } from "./attention";

const NOW = Date.parse("2026-11-01T12:00:00Z");
const at = (msBeforeNow: number) => new Date(NOW - msBeforeNow).toISOString();
const value = (name: string, v: number | string, msBeforeNow = 60_000): SignalValue => ({
  name,
  timestamp: at(msBeforeNow),
  value: v,
});

const HEALTHY: SignalValue[] = [
  value("isIgnitionOn", 0),
  value("lowVoltageBatteryCurrentVoltage", 12.6),
  value("serviceDistanceToService", 8_000),
  value("serviceTimeToService", 200 * 86_400),
  value("chassisTireSystemIsWarningOn", 0),
  value("chassisAxleRow1WheelLeftTirePressure", 240),
  value("chassisAxleRow1WheelRightTirePressure", 242),
  value("chassisAxleRow2WheelLeftTirePressure", 238),
  value("chassisAxleRow2WheelRightTirePressure", 241),
  value("cabinDoorRow1DriverSideIsOpen", 0, 3_600_000),
  value("obdDTCList", ""),
  value("obdStatusDTCCount", 0),
];

const withValues = (...changes: SignalValue[]) => [
  ...HEALTHY.filter((signal) => !changes.some((change) => change.name === signal.name)),
  ...changes,
];
const kinds = (signals: SignalValue[]) => attentionItems(signals, NOW).map((entry) => entry.kind);

describe("attentionItems", () => {
  it("finds nothing in a healthy vehicle, or in one with no signals", () => {
    expect(attentionItems(HEALTHY, NOW)).toEqual([]);
    expect(attentionItems([], NOW)).toEqual([]);
  });

  it("lists stored trouble codes by name", () => {
    const [item] = attentionItems(withValues(value("obdDTCList", "P0420,P0171")), NOW);
    expect(item).toMatchObject({ kind: "trouble-codes", severity: "critical", signals: ["obdDTCList"] });
    expect(item?.detail).toContain("P0420, P0171");
    expect(troubleCodesOf(" P0420, P0171 ;U0100")).toEqual(["P0420", "P0171", "U0100"]);
    expect(kinds(withValues(value("obdStatusDTCCount", 2)))).toEqual(["trouble-codes"]);
  });

  it("flags the tire warning, and a tire far below the others before the warning comes on", () => {
    const leak = value("chassisAxleRow2WheelLeftTirePressure", 190);
    const [soft] = attentionItems(withValues(leak), NOW);
    expect(soft).toMatchObject({
      kind: "tire",
      severity: "warning",
      signals: ["chassisAxleRow2WheelLeftTirePressure"],
    });
    expect(soft?.detail).toMatch(/Rear left tire at 190 kPa, 21% below the others \(241 kPa\)/);

    const warned = attentionItems(withValues(leak, value("chassisTireSystemIsWarningOn", 1)), NOW)[0];
    expect(warned).toMatchObject({ kind: "tire", severity: "critical" });
    expect(warned?.signals).toEqual(["chassisTireSystemIsWarningOn", "chassisAxleRow2WheelLeftTirePressure"]);

    // Ten percent below is the temperature's doing, not a leak.
    expect(kinds(withValues(value("chassisAxleRow2WheelLeftTirePressure", 216)))).toEqual([]);
  });

  it("compares a tire only when there are others to compare it with", () => {
    const two = new Map(
      [value("chassisAxleRow1WheelLeftTirePressure", 100), value("chassisAxleRow1WheelRightTirePressure", 240)].map(
        (signal) => [signal.name, signal],
      ),
    );
    expect(lowTires(two)).toEqual([]);
  });

  it("flags a low 12 V battery and a service due or overdue", () => {
    expect(kinds(withValues(value("lowVoltageBatteryCurrentVoltage", 11.7)))).toEqual(["low-battery"]);
    expect(kinds(withValues(value("lowVoltageBatteryCurrentVoltage", 12.0)))).toEqual([]);
    const soon = attentionItems(withValues(value("serviceDistanceToService", 600)), NOW)[0];
    expect(soon).toMatchObject({ kind: "service-due", severity: "warning", signals: ["serviceDistanceToService"] });
    expect(soon?.detail).toBe("Service due in 600 km.");
    const late = attentionItems(withValues(value("serviceTimeToService", -2 * 86_400)), NOW)[0];
    expect(late).toMatchObject({ kind: "service-due", severity: "critical", title: "Service is overdue" });
  });

  it("flags a door left open while parked, not one opened to get out or while driving", () => {
    const leftOpen = value("cabinDoorRow1DriverSideIsOpen", 1, LEFT_OPEN_AFTER_MS + 60_000);
    expect(kinds(withValues(leftOpen))).toEqual(["door-open"]);
    expect(kinds(withValues(value("cabinDoorRow1DriverSideIsOpen", 1, 60_000)))).toEqual([]);
    expect(kinds(withValues(leftOpen, value("isIgnitionOn", 1)))).toEqual([]);
    const window = value("cabinDoorRow1DriverSideWindowIsOpen", 1, 3_600_000);
    expect(kinds(withValues(window))).toEqual(["window-open"]);
  });

  it("puts critical items first, then keeps the order of the kinds", () => {
    const signals = withValues(
      value("cabinDoorRow1DriverSideIsOpen", 1, 3_600_000),
      value("serviceDistanceToService", 100),
      value("chassisTireSystemIsWarningOn", 1),
      value("obdDTCList", "P0420"),
      value("lowVoltageBatteryCurrentVoltage", 11.2),
    );
    expect(kinds(signals)).toEqual(["trouble-codes", "tire", "low-battery", "service-due", "door-open"]);
    const recorded = attentionItems(signals, NOW).find((entry) => entry.kind === "door-open")?.recordedAt;
    expect(recorded).toBe(at(3_600_000));
  });
});
